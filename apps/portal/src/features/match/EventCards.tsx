import type { EventSummary } from '@lianmeng/core';
import { EmptyState } from '../../shared/PageSkeleton';
import { EventCardHead } from './EventCardHead';
import './match.css';

const eventPath = (id: number) => `/match/event/${id}`;

/** The public events as cards, in the server's order (open for registration first); one column on a phone. */
export const EventCards = ({ events }: { events: EventSummary[] | null }) => {
  if (events === null) return <EmptyState text="赛事暂时无法读取，请稍后再试" />;
  if (events.length === 0) return <EmptyState text="暂无赛事" />;
  return (
    <ul className="event-cards" data-testid="event-cards">
      {events.map((event) => (
        <li key={event.id} className="event-card">
          <EventCardHead event={event} headingLevel={2} to={eventPath(event.id)} />
        </li>
      ))}
    </ul>
  );
};
