import { COLUMN_BY_KEY } from '@lianmeng/core';
import { AREAS } from '../../shared/articles/areas';
import { ColumnListPage } from '../../shared/articles/ColumnListPage';

/** /news, /news/list, /news/list/:type — news by default; announcements, policies and the hidden columns by typeId. */
const NewsListPage = () => <ColumnListPage area={AREAS.news} defaultTypeId={COLUMN_BY_KEY.news.typeId} withSummary />;

export default NewsListPage;
