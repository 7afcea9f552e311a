import type { EventDetail, EventItem, PublicResults } from '@lianmeng/core';
import { EVENT_LIMITS } from '@lianmeng/core';
import { useLoaderData } from 'react-router-dom';
import type { matchEventLoader } from '../../app/loaders';
import { AREAS } from '../../shared/articles/areas';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { EmptyState } from '../../shared/PageSkeleton';
import { useHydrated } from '../../shared/useHydrated';
import { usePageTitle } from '../../shared/usePageTitle';
import { PublicResultsSection } from '../results/PublicResultsSection';
import { useServerClock } from '../results/serverClock';
import { windowText } from './EventCardHead';
import { countdownText } from './eventTime';
import { PhaseMark } from './phase';
import './match.css';

/**
 * The time left to the window's next edge. The server writes it in days and hours; once the page runs in
 * the browser it ticks each second. It changes every second, so screen readers are not told of each change.
 */
const Countdown = ({ event }: { event: EventDetail }) => {
  const now = useServerClock(event.serverTime);
  const live = useHydrated();
  return (
    <p className="event-countdown" aria-live="off" data-testid="event-countdown">
      {countdownText(event, now, live)}
    </p>
  );
};

const materialsOf = (item: EventItem) => {
  const materials = [
    item.needsReport ? '设计报告（PDF）' : '',
    item.needsPhotos ? `照片 ${EVENT_LIMITS.photos.min}–${EVENT_LIMITS.photos.max} 张` : '',
    item.needsVideo ? `视频（不超过 ${EVENT_LIMITS.video.maxSeconds / 60} 分钟）` : '',
  ].filter(Boolean);
  return materials.length > 0 ? materials.join('、') : '无';
};

const teamText = (item: EventItem) =>
  item.minMembers === item.maxMembers ? `${item.minMembers} 人` : `${item.minMembers}–${item.maxMembers} 人`;

/** The items as cards (one a row on a phone): a table of them would scroll sideways there. */
const Items = ({ items }: { items: EventItem[] }) => (
  <ul className="event-items" data-testid="event-items">
    {items.map((item) => (
      <li key={item.id} className="event-item">
        <h3>{item.name}</h3>
        <dl className="event-facts">
          <dt>每队人数</dt>
          <dd>{teamText(item)}</dd>
          <dt>所需材料</dt>
          <dd>{materialsOf(item)}</dd>
        </dl>
      </li>
    ))}
  </ul>
);

const EventView = ({ event, results }: { event: EventDetail; results: PublicResults | null }) => (
  <article className="panel event-page">
    <h1 className="panel-title">{event.name}</h1>
    <p>
      <PhaseMark phase={event.phase} label={event.phaseLabel} />
    </p>
    <dl className="event-facts">
      <dt>批准文号</dt>
      <dd>{event.approvalNo}</dd>
      <dt>类别</dt>
      <dd>{event.typeLabel}</dd>
      <dt>级别</dt>
      <dd>{event.level}</dd>
      <dt>赛季</dt>
      <dd>{event.season}</dd>
      <dt>承办单位</dt>
      <dd>{event.organizerName}</dd>
      <dt>报名时间</dt>
      <dd>{windowText(event)}（北京时间）</dd>
    </dl>
    <Countdown event={event} />
    <p className="event-free">本赛事不收取任何费用。</p>
    {event.description && (
      <>
        <h2 className="panel-title">赛事简介</h2>
        <p className="event-description" data-testid="event-description">
          {event.description}
        </p>
      </>
    )}
    <h2 className="panel-title">比赛项目</h2>
    <Items items={event.items} />
    {results && <PublicResultsSection results={results} />}
  </article>
);

/** `/match/event/<id>`: one event as its route's loader fetched it; an unknown one is a 404 inside the layout. */
export const MatchEventPage = () => {
  const { event, results } = useLoaderData<typeof matchEventLoader>();
  const data = event?.ok ? event.data : null;
  // A 公示 that could not be read leaves the rest of the page as it is.
  const published = results?.ok ? results.data : null;
  usePageTitle(data ? data.name : '赛事不存在');
  const area = AREAS.match;
  return (
    <div className="detail-page">
      <Breadcrumb items={[{ title: area.title, to: '/match' }, { title: data ? '赛事' : '赛事不存在' }]} />
      {data ? (
        <EventView event={data} results={published} />
      ) : (
        <div className="panel">
          <h1 className="panel-title">赛事不存在</h1>
          <EmptyState text="未找到这个赛事，它可能尚未公开" />
        </div>
      )}
    </div>
  );
};
