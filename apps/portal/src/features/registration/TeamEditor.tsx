import {
  api,
  type EventItem,
  type RegistrationEvent,
  TEAM_STATE_LABELS,
  type TeamDetail,
  type TeamMember,
} from '@lianmeng/core';
import { Alert, Button, Drawer, Form, Input, Skeleton } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { RefusalNotice } from '../../shared/RefusalNotice';
import { HolderSelect } from '../institution/HolderSelect';
import { quietCall } from '../review/quietCall';
import { KindUpload } from './KindUpload';
import { carriedFromText } from './ladderText';
import { TeamStateMark } from './TeamStateMark';
import { kindsOf, teamSizeText } from './teamFiles';

/** What the editor is opened on: a new team for one item of an event, or an existing team by its id. */
export type Editing = { mode: 'create'; event: RegistrationEvent; item: EventItem } | { mode: 'edit'; teamId: number };

interface Values {
  name: string;
  coach: string;
}

/** The event and item a team belongs to, from the events the card already has. */
const placeOf = (events: RegistrationEvent[], team: TeamDetail) => {
  const event = events.find((entry) => entry.id === team.eventId) ?? null;
  return { event, item: event?.items.find((entry) => entry.id === team.itemId) ?? null };
};

/**
 * The team editor (a drawer, the screen's width on a phone): name, coach and members chosen from the
 * institution's people, saved as a new team or over the old one; then the attachments the item asks for, what
 * the server says is still missing, and the submit. Once the window has closed on the server's clock
 * (`editable` false) everything is read-only.
 */
export const TeamEditor = ({
  editing,
  events,
  onClose,
  onChanged,
}: {
  editing: Editing | null;
  events: RegistrationEvent[];
  onClose: () => void;
  /** A team was created, changed or submitted: the lists ask again. */
  onChanged: () => void;
}) => {
  const [team, setTeam] = useState<TeamDetail | null>(null);
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [memberError, setMemberError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A new picker after each pick: the one used keeps showing its choice otherwise, like a second, unsaved member.
  const [picker, setPicker] = useState(0);
  const pickerId = useId();
  const notice = useRef<HTMLDivElement>(null);

  const show = (next: TeamDetail) => {
    setTeam(next);
    setMembers(next.members);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `show` stays the same; a new `editing` starts over
  useEffect(() => {
    setTeam(null);
    setMembers([]);
    setRefusal(null);
    setMemberError(null);
    setDone(null);
    if (editing?.mode !== 'edit') return;
    let live = true;
    setLoading(true);
    void quietCall(api.matchRegistration.team, { params: { id: String(editing.teamId) } }).then((outcome) => {
      if (!live) return;
      setLoading(false);
      if (outcome.ok) show(outcome.data);
      else setRefusal(outcome.message);
    });
    return () => {
      live = false;
    };
  }, [editing]);

  useEffect(() => {
    if (refusal || done) notice.current?.focus();
  }, [refusal, done]);

  const place =
    editing?.mode === 'create'
      ? { event: editing.event, item: editing.item }
      : team
        ? placeOf(events, team)
        : { event: null, item: null };
  const { event, item } = place;
  const editable = team ? team.editable : editing?.mode === 'create' && editing.event.open;
  const max = item?.maxMembers;
  const min = item?.minMembers ?? 1;

  const addMember = (person: TeamMember) => {
    setMemberError(null);
    setPicker((count) => count + 1);
    if (members.some((member) => member.cardNo === person.cardNo)) {
      setMemberError(`${person.name} 已在队伍中`);
      return;
    }
    if (max !== undefined && members.length >= max) {
      setMemberError(`本项目每队最多 ${max} 人`);
      return;
    }
    setMembers((old) => [...old, person]);
  };

  const save = async (values: Values) => {
    setRefusal(null);
    setDone(null);
    if (members.length === 0) {
      setMemberError('请选择队员');
      return;
    }
    if (max !== undefined && members.length > max) {
      setMemberError(`本项目每队最多 ${max} 人`);
      return;
    }
    const body = { name: values.name.trim(), coach: values.coach.trim(), members: members.map((m) => m.cardNo) };
    setSaving(true);
    const outcome =
      team === null
        ? editing?.mode === 'create'
          ? await quietCall(api.matchRegistration.create, { body: { itemId: editing.item.id, ...body } })
          : null
        : await quietCall(api.matchRegistration.update, { params: { id: String(team.id) }, body });
    setSaving(false);
    if (!outcome) return;
    if (!outcome.ok) {
      setRefusal(outcome.message);
      return;
    }
    show(outcome.data);
    setDone(team === null ? '队伍已保存，请继续上传所需材料后提交报名' : '修改已保存');
    onChanged();
  };

  const submit = async () => {
    if (!team) return;
    setRefusal(null);
    setDone(null);
    setSubmitting(true);
    const outcome = await quietCall(api.matchRegistration.submit, { params: { id: String(team.id) } });
    setSubmitting(false);
    if (!outcome.ok) {
      setRefusal(outcome.message);
      return;
    }
    show(outcome.data);
    setDone('已提交报名，等待承办单位审核');
    onChanged();
  };

  const changeTeam = (next: TeamDetail) => {
    show(next);
    onChanged();
  };

  const kinds = item ? kindsOf(item) : [...new Set(team?.files.map((file) => file.kind) ?? [])];
  const submittable = Boolean(team?.editable) && team?.missing.length === 0;
  const waiting = team?.state === 'submitted' || team?.state === 'approved';
  const title = team ? `队伍：${team.name}` : editing?.mode === 'create' ? '新建参赛队伍' : '参赛队伍';
  const memberShort = members.length < min ? `，还需至少 ${min - members.length} 人` : '';

  return (
    <Drawer
      open={editing !== null}
      title={title}
      size="min(100vw, 720px)"
      destroyOnHidden
      closable={{ 'aria-label': '关闭' }}
      onClose={onClose}
      className="team-editor"
    >
      <div ref={notice} tabIndex={-1} style={{ outline: 'none' }}>
        <RefusalNotice message={refusal} testId="team-refusal" />
        {done && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={done}
            style={{ marginBottom: 16 }}
            data-testid="team-done"
          />
        )}
      </div>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : (
        <>
          <dl className="team-facts">
            <dt>赛事</dt>
            <dd>{event?.name ?? team?.eventName ?? '—'}</dd>
            <dt>项目</dt>
            <dd>{item?.name ?? team?.itemName ?? '—'}</dd>
            {item && (
              <>
                <dt>每队人数</dt>
                <dd>{teamSizeText(item)}</dd>
              </>
            )}
            {team?.carriedFrom && (
              <>
                <dt>晋级自</dt>
                <dd data-testid="editor-carried-from">{carriedFromText(team.carriedFrom)}</dd>
              </>
            )}
            {team && (
              <>
                <dt>状态</dt>
                <dd>
                  <TeamStateMark state={team.state} />
                </dd>
              </>
            )}
          </dl>
          {team?.state === 'returned' && team.returnReason && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="退回原因"
              description={team.returnReason}
              data-testid="editor-return-reason"
            />
          )}
          {!editable && (team || editing?.mode === 'create') && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="team-closed"
              title="报名已截止，队伍信息和材料不能再修改"
            />
          )}
          <Form<Values>
            // A new form for each team shown: it starts from the team's saved name and coach.
            key={team?.id ?? 'new'}
            initialValues={team ? { name: team.name, coach: team.coach } : undefined}
            layout="vertical"
            aria-label="队伍信息"
            disabled={!editable}
            onFinish={(values) => void save(values)}
          >
            <Form.Item name="name" label="队名" rules={[{ required: true, whitespace: true, message: '请填写队名' }]}>
              <Input maxLength={40} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="coach"
              label="指导教师"
              rules={[{ required: true, whitespace: true, message: '请填写指导教师' }]}
            >
              <Input maxLength={40} autoComplete="off" />
            </Form.Item>
            <fieldset className="team-members">
              <legend>队员</legend>
              <p className="team-member-count" aria-live="polite" data-testid="member-count">
                已选 {members.length} 人{item ? `（本项目每队 ${teamSizeText(item)}${memberShort}）` : ''}
              </p>
              {members.length > 0 && (
                <ul className="team-member-list" aria-label="已选队员">
                  {members.map((member) => (
                    <li key={member.cardNo}>
                      <span>
                        {member.name}（{member.cardNo}）{member.grade}
                      </span>
                      {editable && (
                        <Button
                          size="small"
                          type="link"
                          danger
                          aria-label={`移除队员 ${member.name}`}
                          onClick={() => {
                            setMemberError(null);
                            setMembers((old) => old.filter((entry) => entry.cardNo !== member.cardNo));
                          }}
                        >
                          移除
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {editable && (
                <div className="team-member-picker">
                  <label htmlFor={pickerId}>添加队员（按姓名或卡号搜索本机构人员）</label>
                  <HolderSelect
                    key={picker}
                    id={pickerId}
                    value={undefined}
                    status={memberError ? 'error' : undefined}
                    onChange={(_, person) => {
                      if (person) addMember({ cardNo: person.cardNo, name: person.name, grade: person.grade });
                    }}
                  />
                </div>
              )}
              {memberError && (
                <p role="alert" className="team-refusal" data-testid="member-error">
                  {memberError}
                </p>
              )}
            </fieldset>
            {editable && (
              <Button type="primary" htmlType="submit" loading={saving} data-testid="team-save">
                {team ? '保存修改' : '保存队伍'}
              </Button>
            )}
          </Form>
          {team && (
            <section className="team-attachments" aria-labelledby="team-attachments-title">
              <h3 id="team-attachments-title">参赛材料</h3>
              {kinds.length === 0 ? (
                <p>本项目无需上传材料。</p>
              ) : (
                kinds.map((kind) => (
                  <KindUpload key={kind} team={team} kind={kind} editable={team.editable} onTeam={changeTeam} />
                ))
              )}
            </section>
          )}
          {team && (
            <section className="team-submit" aria-label="提交报名">
              {team.missing.length > 0 ? (
                <Alert
                  type="warning"
                  showIcon
                  data-testid="team-missing"
                  title="提交前还需要"
                  description={
                    <ul className="team-missing-list">
                      {team.missing.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  }
                />
              ) : (
                !waiting && <p data-testid="team-complete">人数与材料已齐全，可以提交报名。</p>
              )}
              {waiting ? (
                <p data-testid="team-waiting">
                  当前状态：{TEAM_STATE_LABELS[team.state]}
                  {team.state === 'submitted' && team.editable ? '。报名截止前仍可修改，修改后重新等待审核。' : '。'}
                </p>
              ) : (
                team.editable && (
                  <Button
                    type="primary"
                    disabled={!submittable}
                    loading={submitting}
                    onClick={() => void submit()}
                    data-testid="team-submit"
                  >
                    提交报名
                  </Button>
                )
              )}
            </section>
          )}
        </>
      )}
    </Drawer>
  );
};
