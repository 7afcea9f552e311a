import { COLUMN_BY_KEY } from '@lianmeng/core';
import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS } from '../../shared/articles/areas';
import { ColumnListPage } from '../../shared/articles/ColumnListPage';

const { typeId } = COLUMN_BY_KEY.matchNotices;

export const MatchNoticePage = () => <ColumnListPage area={AREAS.match} defaultTypeId={typeId} withSummary />;
export const MatchDetailPage = () => <ArticleDetailPage area={AREAS.match} />;
