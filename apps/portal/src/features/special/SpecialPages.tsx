import { COLUMN_BY_KEY } from '@lianmeng/core';
import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS } from '../../shared/articles/areas';
import { ColumnListPage } from '../../shared/articles/ColumnListPage';

const { typeId } = COLUMN_BY_KEY.special;

export const SpecialPage = () => <ColumnListPage area={AREAS.special} defaultTypeId={typeId} withSummary />;
export const SpecialDetailPage = () => <ArticleDetailPage area={AREAS.special} />;
