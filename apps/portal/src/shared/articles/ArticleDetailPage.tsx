import { parseTypeParam } from '@lianmeng/core/menu';
import { useParams } from 'react-router-dom';
import { ArticleById, LatestOfColumn } from './ArticleView';
import type { Area } from './areas';
import { articleIdFrom } from './articleCalls';

/** `/<area>/detail/:id`; without an id, the newest article of the area's default column. */
export const ArticleDetailPage = ({ area, defaultTypeId }: { area: Area; defaultTypeId: number }) => {
  const { id } = useParams();
  const articleId = articleIdFrom(id);
  if (articleId !== null) return <ArticleById key={articleId} id={articleId} area={area} />;
  return <LatestOfColumn typeId={parseTypeParam(id)?.typeId ?? defaultTypeId} area={area} />;
};
