import { COLUMN_BY_KEY } from '@lianmeng/core';
import { useLoaderData } from 'react-router-dom';
import type { matchListLoader } from '../../app/loaders';
import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS } from '../../shared/articles/areas';
import { ColumnListPage } from '../../shared/articles/ColumnListPage';
import { EventCards } from './EventCards';

export { MatchEventPage } from './MatchEventPage';

const { typeId } = COLUMN_BY_KEY.matchNotices;

const MatchEvents = () => {
  const { events } = useLoaderData<typeof matchListLoader>();
  return <EventCards events={events.ok ? events.data.list : null} />;
};

/** The match area's list: its events (open for registration first), then its notices. */
export const MatchListPage = () => (
  <ColumnListPage
    area={AREAS.match}
    defaultTypeId={typeId}
    withSummary
    lead={{ title: AREAS.match.title, content: <MatchEvents /> }}
  />
);
export const MatchDetailPage = () => <ArticleDetailPage area={AREAS.match} />;
