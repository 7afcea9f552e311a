import { api, type LadderTarget, type LadderTeam, MAX_PAGE_SIZE, type TeamDetail } from '@lianmeng/core';
import { Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { formatTime } from '../../shared/dates';
import { RefusalNotice } from '../../shared/RefusalNotice';
import { usePageMessage } from '../../shared/usePageMessage';
import { useWorkbenchList } from '../institution/useWorkbenchList';
import { CardGrid } from '../review/CardGrid';
import { quietCall } from '../review/quietCall';

/** A school has few awarded teams: one answer holds them all. */
const ALL = { pageNum: 1, pageSize: MAX_PAGE_SIZE };

/**
 * 晋级报名: the institution's teams whose results are final with 一、二、三等奖, each with the next level's events
 * of the same type that are open now and have the item. 带入报名 makes a draft of the team there (name, coach
 * and members; no attachments, the next level asks for its own) and hands it to the team editor, where the
 * school checks it, uploads what the item asks for and submits. A target it was already carried into offers
 * that team instead.
 */
export const LadderPanel = ({
  version,
  onCarried,
  onOpen,
}: {
  version: number;
  /** A team was carried: the new draft, to be opened in the editor. */
  onCarried: (team: TeamDetail) => void;
  /** Opens a team carried before. */
  onOpen: (teamId: number) => void;
}) => {
  const { data, loading, reload } = useWorkbenchList(api.matchLadder.teams, ALL, version);
  const [carrying, setCarrying] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [messages, messageHost] = usePageMessage();

  const carry = async (team: LadderTeam, target: Pick<LadderTarget, 'id' | 'name'>) => {
    setRefusal(null);
    setCarrying(`${team.teamId}-${target.id}`);
    const outcome = await quietCall(api.matchLadder.carry, {
      params: { id: String(team.teamId) },
      body: { eventId: target.id },
    });
    setCarrying(null);
    if (!outcome.ok) {
      setRefusal(outcome.message);
      // Someone may have carried it meanwhile, or the window closed: the list says how things stand now.
      reload();
      return;
    }
    void messages.success(`已将“${team.teamName}”带入${target.name}，请核对队员、上传材料后提交报名`);
    onCarried(outcome.data);
  };

  if (data === null) return loading ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : null;
  return (
    <section aria-label="晋级报名">
      {messageHost}
      <p>
        成绩生效后获一等奖、二等奖或三等奖的队伍，可带入上一级同类别赛事的同名项目报名：队名、指导教师和队员一并带入，参赛材料需重新上传，核对后提交报名。
      </p>
      <RefusalNotice message={refusal} testId="ladder-refusal" />
      {data.list.length === 0 ? (
        <Empty description="暂无可晋级的队伍" />
      ) : (
        <CardGrid label="可晋级的队伍" busy={loading} minWidth={300}>
          {data.list.map((team) => (
            <li key={team.teamId} className="registration-event" data-testid={`ladder-team-${team.teamId}`}>
              <h3 className="registration-event-title">{team.teamName}</h3>
              <dl className="team-facts">
                <dt>获奖</dt>
                <dd>
                  {team.eventName}（{team.level}）· {team.itemName} · {team.awardLabel}
                </dd>
                <dt>队员</dt>
                <dd>{team.memberCount} 人</dd>
              </dl>
              {team.targets.length === 0 ? (
                <p className="registration-closed">目前没有正在报名、设有“{team.itemName}”项目的上一级赛事。</p>
              ) : (
                <ul className="registration-items" aria-label={`${team.teamName}可晋级的赛事`}>
                  {team.targets.map(({ carriedTeamId, ...target }) => (
                    <li key={target.id} className="registration-item">
                      <div className="registration-item-text">
                        <strong>{target.name}</strong>
                        <span>
                          {target.level} · 报名截止 {formatTime(target.registrationCloses)}（北京时间）
                        </span>
                      </div>
                      {carriedTeamId === null ? (
                        <Button
                          type="primary"
                          size="small"
                          loading={carrying === `${team.teamId}-${target.id}`}
                          disabled={carrying !== null && carrying !== `${team.teamId}-${target.id}`}
                          aria-label={`带入报名 ${team.teamName} ${target.name}`}
                          onClick={() => void carry(team, target)}
                        >
                          带入报名
                        </Button>
                      ) : (
                        <Button
                          size="small"
                          aria-label={`查看已带入 ${target.name} 的 ${team.teamName}`}
                          onClick={() => onOpen(carriedTeamId)}
                        >
                          已带入，查看
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </CardGrid>
      )}
    </section>
  );
};
