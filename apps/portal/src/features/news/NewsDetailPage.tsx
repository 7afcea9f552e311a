import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS } from '../../shared/articles/areas';

const NewsDetailPage = () => <ArticleDetailPage area={AREAS.news} />;

export default NewsDetailPage;
