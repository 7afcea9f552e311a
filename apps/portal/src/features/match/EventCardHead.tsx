import type { EventSummary } from '@lianmeng/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/dates';
import { PhaseMark } from './phase';
import './match.css';

/** The registration window in Beijing time, the zone every date of the site is read in. */
export const windowText = (event: Pick<EventSummary, 'registrationOpens' | 'registrationCloses'>) =>
  `${formatDateTime(event.registrationOpens)} 至 ${formatDateTime(event.registrationCloses)}`;

type CardEvent = Pick<
  EventSummary,
  'name' | 'phase' | 'phaseLabel' | 'typeLabel' | 'level' | 'organizerName' | 'registrationOpens' | 'registrationCloses'
>;

/**
 * The top of an event's card wherever events are listed as cards (the public list, the school's 可报名赛事):
 * its name (a link when `to` is given), phase, type and level, organiser and registration window; `children`
 * are further facts (`<dt>`/`<dd>` pairs) for the same list. The heading level is the page's to choose.
 */
export const EventCardHead = ({
  event,
  headingLevel,
  to,
  children,
}: {
  event: CardEvent;
  headingLevel: 2 | 3;
  to?: string;
  children?: ReactNode;
}) => {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading className="event-card-title">
        {to === undefined ? event.name : <Link to={to}>{event.name}</Link>}
      </Heading>
      <p className="event-card-line">
        <PhaseMark phase={event.phase} label={event.phaseLabel} />
        {event.typeLabel}·{event.level}
      </p>
      <dl className="event-facts event-card-facts">
        <dt>承办单位</dt>
        <dd>{event.organizerName}</dd>
        <dt>报名时间</dt>
        <dd>{windowText(event)}（北京时间）</dd>
        {children}
      </dl>
    </>
  );
};
