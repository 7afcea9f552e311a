import { LoadedArticle } from '../../shared/articles/ArticleView';
import { AREAS } from '../../shared/articles/areas';

/**
 * /alone, /alone/:type — a single article (introduction by default; charter, organisation, contact by typeId):
 * the newest of its column, which the route's `aloneLoader` fetched.
 */
const AlonePage = () => <LoadedArticle area={AREAS.about} />;

export default AlonePage;
