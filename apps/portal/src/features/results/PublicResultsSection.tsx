import type { PublicResults } from '@lianmeng/core';
import { Link } from 'react-router-dom';
import { formatTime } from '../../shared/dates';
import { useHydrated } from '../../shared/useHydrated';
import { ItemTables, placeText, RESULT_HEADERS, ResultCells, TEAM_HEADERS, TeamCells } from './ItemTables';
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
 * The results as cards for a phone, each field labelled: a five-column table does not fit 390 px without
 * scrolling sideways and cutting names. The server writes both these and the tables, and the stylesheet
 * shows one by the screen's width, so nothing changes when the page comes alive in the browser.
 */
const ResultCards = ({ rows }: { rows: PublicResults['results'] }) =>
  rows.length === 0 ? null : (
    <ul className="results-cards" aria-label="获奖队伍" data-testid="public-result-cards">
      {rows.map((row) => (
        <li key={row.teamId} className="results-card">
          <dl>
            <dt>项目</dt>
            <dd>{row.itemName}</dd>
            <dt>名次/奖项</dt>
            <dd>{placeText(row)}</dd>
            <dt>队名</dt>
            <dd>{row.teamName}</dd>
            <dt>学校</dt>
            <dd>{row.institutionName}</dd>
            <dt>队员</dt>
            <dd>{row.members.join('、')}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );

/**
 * 成绩公示 on an event's public page: per item a table of the results (cards on a phone) (members masked as the server sends
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
      {results.finalTime ? (
        <p className="results-countdown" data-testid="public-results-final">
          成绩已于 {formatTime(results.finalTime)} 确认生效。获奖证书可凭证书编号和获奖者姓名在
          <Link to="/verify">证明查验</Link>页查验。
        </p>
      ) : (
        objectionDeadline && <ObjectionCountdown deadline={objectionDeadline} serverTime={results.serverTime} />
      )}
      {results.results.length === 0 && <p>暂无获奖队伍。</p>}
      {/* Per item a table on wider screens; on a phone (results.css) the same rows as cards, one below another. */}
      <div className="results-wide">
        <ItemTables
          rows={results.results}
          headingLevel={3}
          headers={[...RESULT_HEADERS, ...TEAM_HEADERS]}
          cells={(row) => (
            <>
              <ResultCells row={row} />
              <TeamCells row={row} />
            </>
          )}
        />
      </div>
      <ResultCards rows={results.results} />
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
