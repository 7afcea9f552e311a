import { api, MAX_PAGE_SIZE } from '@lianmeng/core';
import { Card, Grid, Tabs } from 'antd';
import { useRef, useState } from 'react';
import { useWorkbenchList } from '../institution/useWorkbenchList';
import { publishedEvents, SchoolResults } from '../results/SchoolResults';
import { LadderPanel } from './LadderPanel';
import { RegistrationEvents } from './RegistrationEvents';
import { type Editing, TeamEditor } from './TeamEditor';
import { TeamList } from './TeamList';
import './registration.css';

/** Every event the institution may see in one answer: there are few, and the editor finds a team's item there. */
const ALL_EVENTS = { pageNum: 1, pageSize: MAX_PAGE_SIZE };

/**
 * 赛事报名 in the institution workbench: the events open for registration, the institution's teams, the team
 * editor both open, and the published results (成绩公示与异议) of the events it took part in. Always for the account's own institution: the server answers for no other.
 */
export const RegistrationCard = () => {
  const [tab, setTab] = useState('events');
  // A saved, submitted or withdrawn team changes both lists (an event counts the institution's teams).
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const events = useWorkbenchList(api.matchRegistration.events, ALL_EVENTS, version);
  // A team created from the events tab is found afterwards among the institution's teams.
  const created = useRef(false);
  const published = publishedEvents(events.data?.list ?? []);
  const screens = Grid.useBreakpoint();
  const changed = () => {
    if (editing?.mode === 'create') created.current = true;
    setVersion((count) => count + 1);
  };

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>赛事报名</h2>} style={{ marginTop: 16 }}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        // Four tabs fit a 390 px phone only closer together: antd's overflow menu would hide one of them (and
        // its button inside the tab list is no tab, which screen readers are told of wrongly).
        tabBarGutter={screens.sm ? 20 : 10}
        items={[
          {
            key: 'events',
            label: '可报名赛事',
            children: (
              <RegistrationEvents
                events={events.data?.list ?? null}
                loading={events.loading}
                onRegister={(event, item) => {
                  created.current = false;
                  setEditing({ mode: 'create', event, item });
                }}
              />
            ),
          },
          {
            key: 'teams',
            label: '我的队伍',
            children: (
              <TeamList
                version={version}
                onOpen={(team) => setEditing({ mode: 'edit', teamId: team.id })}
                onChanged={changed}
              />
            ),
          },
          {
            key: 'ladder',
            label: '晋级报名',
            children: (
              <LadderPanel
                version={version}
                onCarried={(team) => {
                  // The new draft opens in the editor; once closed, 我的队伍 shows it among the others.
                  created.current = true;
                  setVersion((count) => count + 1);
                  setEditing({ mode: 'edit', teamId: team.id });
                }}
                onOpen={(teamId) => setEditing({ mode: 'edit', teamId })}
              />
            ),
          },
          // Only for an institution with teams in an event whose results are published.
          ...(published.length > 0
            ? [
                {
                  key: 'results',
                  label: '成绩公示与异议',
                  children: <SchoolResults events={published} />,
                },
              ]
            : []),
        ]}
      />
      <TeamEditor
        editing={editing}
        events={events.data?.list ?? []}
        onClose={() => {
          if (created.current) setTab('teams');
          created.current = false;
          setEditing(null);
        }}
        onChanged={changed}
      />
    </Card>
  );
};
