import { LoadedArticle } from './ArticleView';
import type { Area } from './areas';

/**
 * `/<area>/detail/:id`; without an id, the newest article of the area's default column (or of the column the
 * segment names): the route's `detailLoader` decides which, and fetched it.
 */
export const ArticleDetailPage = ({ area }: { area: Area }) => <LoadedArticle area={area} />;
