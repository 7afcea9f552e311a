import { COLUMN_BY_KEY } from '@lianmeng/core';
import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS } from '../../shared/articles/areas';

const NewsDetailPage = () => <ArticleDetailPage area={AREAS.news} defaultTypeId={COLUMN_BY_KEY.news.typeId} />;

export default NewsDetailPage;
