import type { EventSummary } from '@lianmeng/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/dates';
import { EmptyState } from '../../shared/PageSkeleton';
import { PhaseMark } from './phase';
import './match.css';

const eventPath = (id: number) => `/match/event/${id}`;

/** The registration window in Beijing time, the zone every date of the site is read in. */
export const windowText = (event: Pick<EventSummary, 'registrationOpens' | 'registrationCloses'>) =>
  `${formatDateTime(event.registrationOpens)} 至 ${formatDateTime(event.registrationCloses)}`;

/** The public events as cards, in the server's order (open for registration first); one column on a phone. */
export const EventCards = ({ events }: { events: EventSummary[] | null }) => {
  if (events === null) return <EmptyState text="赛事暂时无法读取，请稍后再试" />;
  if (events.length === 0) return <EmptyState text="暂无赛事" />;
  return (
    <ul className="event-cards" data-testid="event-cards">
      {events.map((event) => (
        <li key={event.id} className="event-card">
          <h2 className="event-card-title">
            <Link to={eventPath(event.id)}>{event.name}</Link>
          </h2>
          <p className="event-card-line">
            <PhaseMark phase={event.phase} label={event.phaseLabel} />
            {event.typeLabel}·{event.level}
          </p>
          <dl className="event-facts">
            <dt>承办单位</dt>
            <dd>{event.organizerName}</dd>
            <dt>报名时间</dt>
            <dd>{windowText(event)}（北京时间）</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
};
