import { COLUMN_BY_KEY } from '@lianmeng/core';
import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS } from '../../shared/articles/areas';
import { ColumnListPage } from '../../shared/articles/ColumnListPage';

const { typeId } = COLUMN_BY_KEY.files;

/** /file, /file/:type — the downloadable files; each item opens its page with the attachments. */
export const FilePage = () => <ColumnListPage area={AREAS.file} defaultTypeId={typeId} withSummary />;
export const FileDetailPage = () => <ArticleDetailPage area={AREAS.file} />;
