import { COLUMN_BY_KEY } from '@lianmeng/core';
import { useParams } from 'react-router-dom';
import { LatestOfColumn } from '../../shared/articles/ArticleView';
import { AREAS, resolveColumn } from '../../shared/articles/areas';

/** /alone, /alone/:type — a single article (introduction by default; charter, organisation, contact by typeId). */
const AlonePage = () => {
  const { type } = useParams();
  const column = resolveColumn(type, COLUMN_BY_KEY.introduction.typeId);
  return <LatestOfColumn key={column.typeId} typeId={column.typeId} area={AREAS.about} />;
};

export default AlonePage;
