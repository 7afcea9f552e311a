import type { PublicResults } from '@lianmeng/core';
import { formatTime } from '../../shared/dates';
import { useHydrated } from '../../shared/useHydrated';
import { groupByItem } from './groupByItem';
import { objectionCountdownText, useServerClock } from './serverClock';
import './results.css';

/**
 * The time left to object. The server writes it in days and hours; once the page runs in the browser it ticks
 * each second from the server's clock. It changes every second, so screen readers are not told of each change.
 */
export const ObjectionCountdown = ({ deadline, serverTime }: { deadline: string; serverTime: string }) => {
  const now = useServerClock(serverTime);
  const live = useHydrated();
  return (
    <p className="results-countdown" aria-live="off" data-testid="objection-countdown">
      {objectionCountdownText(deadline, now, live)}
    </p>
  );
};

/**
 * 成绩公示 on an event's public page: per item a table of the results (members masked as the server sends
 * them), the objection deadline counting down, and the organiser's answers to objections (never who objected).
 * Nothing before publication.
 */
export const PublicResultsSection = ({ results }: { results: PublicResults }) => {
  const { publishedTime, objectionDeadline } = results;
  if (!publishedTime) return null;
  return (
    <section className="results-public" aria-labelledby="results-public-title" data-testid="public-results">
      <h2 id="results-public-title" className="panel-title">
        成绩公示
      </h2>
      <dl className="event-facts">
        <dt>公示时间</dt>
        <dd>{formatTime(publishedTime)}（北京时间）</dd>
        {objectionDeadline && (
          <>
            <dt>异议截止</dt>
            <dd>{formatTime(objectionDeadline)}（北京时间）</dd>
          </>
        )}
      </dl>
      {objectionDeadline && <ObjectionCountdown deadline={objectionDeadline} serverTime={results.serverTime} />}
      {results.results.length === 0 && <p>暂无获奖队伍。</p>}
      {groupByItem(results.results).map(({ itemName, rows }) => (
        <div key={itemName} className="results-item">
          <h3>{itemName}</h3>
          {/* A table wider than a phone scrolls inside its own box, reachable by keyboard, never the page. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
          <section className="results-scroll" aria-label={`${itemName}成绩`} tabIndex={0}>
            <table className="results-table">
              <thead>
                <tr>
                  <th scope="col">名次</th>
                  <th scope="col">奖项</th>
                  <th scope="col">队伍</th>
                  <th scope="col">学校</th>
                  <th scope="col">队员</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.teamId}>
                    <td>{row.rank ?? '—'}</td>
                    <td>{row.awardLabel || '—'}</td>
                    <td>{row.teamName}</td>
                    <td>{row.institutionName}</td>
                    <td>{row.members.join('、')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      ))}
      <h3>异议答复</h3>
      {results.objections.length === 0 ? (
        <p>暂无异议。</p>
      ) : (
        <ul className="results-objections" data-testid="public-objections">
          {results.objections.map((objection) => (
            <li key={objection.id}>
              <p className="results-objection-head">
                {objection.itemName} · {objection.teamName}
              </p>
              <p>
                收到：{objection.receivedDate}
                {objection.answeredDate ? ` · 答复：${objection.answeredDate}` : ' · 尚未答复'}
              </p>
              {objection.answer && <p className="results-answer">答复：{objection.answer}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
