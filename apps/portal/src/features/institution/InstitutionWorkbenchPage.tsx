import { api, type MyInstitution } from '@lianmeng/core';
import { Card, ConfigProvider, Descriptions, Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../app/api';
import { READABLE_THEME } from '../../shared/readable';
import { AccountPage } from '../account/AccountPage';
import { RequireAccountFlag } from '../account/RequireAccountFlag';
import { useCardSession } from '../account/useCardSession';
import { CreditBankNav } from '../creditBank/CreditBankNav';
import { OrganiserCard } from '../registration/OrganiserCard';
import { RegistrationCard } from '../registration/RegistrationCard';
import { BatchList } from './BatchList';
import { CreditImport } from './CreditImport';
import { CreditRecordForm } from './CreditRecordForm';
import { CreditRecordList } from './CreditRecordList';
import { ObjectionList } from './ObjectionList';
import { PeopleList } from './PeopleList';
import { RosterImport } from './RosterImport';

/**
 * /creditBank/institution (机构工作台): the institution the account acts for, its people, opening cards from a
 * roster, its batches, and its credits: recording one or a sheet of them, the records with their review state
 * and reversals, and the holders' objections; its match teams (赛事报名), and the review of the teams registered
 * for the events it organises (赛事审核). Loaded in the browser with the card holder's token; the server answers only for the
 * token's own institution, whatever the page sends.
 */
export const InstitutionWorkbenchPage = () => {
  const current = useCardSession();
  const [institution, setInstitution] = useState<MyInstitution | null>(null);
  const [tab, setTab] = useState('people');
  const [creditTab, setCreditTab] = useState('record');
  // A commit changes the people and the batches: both lists ask again.
  const [version, setVersion] = useState(0);
  // A recording, an import or an answer changes the records: their list asks again.
  const [creditVersion, setCreditVersion] = useState(0);
  const creditsChanged = () => setCreditVersion((count) => count + 1);
  const cardNo = current?.cardNo;

  useEffect(() => {
    if (!cardNo) return;
    let live = true;
    void http.call(api.institutionWorkbench.mine).then((result) => {
      if (live && result.ok) setInstitution(result.data);
    });
    return () => {
      live = false;
    };
  }, [cardNo]);

  const region = institution
    ? [institution.province, institution.city, institution.county].filter(Boolean).join(' ')
    : '';
  return (
    <AccountPage title="机构工作台" crumbs={[{ title: '学分银行', to: '/creditBank/info' }, { title: '机构工作台' }]}>
      <CreditBankNav />
      <Card style={{ marginBottom: 16 }}>
        {institution ? (
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label="机构">
              <strong data-testid="institution-name">{institution.name}</strong>
            </Descriptions.Item>
            <Descriptions.Item label="类型">{institution.kindLabel}</Descriptions.Item>
            <Descriptions.Item label="机构代码">{institution.code}</Descriptions.Item>
            <Descriptions.Item label="地区">{region || '—'}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        )}
      </Card>
      <ConfigProvider theme={READABLE_THEME}>
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>人员与开卡</h2>} style={{ marginBottom: 16 }}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            tabBarGutter={24}
            items={[
              { key: 'people', label: '人员名单', children: <PeopleList version={version} /> },
              {
                key: 'roster',
                label: '导入名单开卡',
                children: <RosterImport onCommitted={() => setVersion((count) => count + 1)} />,
              },
              { key: 'batches', label: '开卡批次', children: <BatchList version={version} /> },
            ]}
          />
        </Card>
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>学分登记</h2>}>
          <Tabs
            activeKey={creditTab}
            onChange={setCreditTab}
            tabBarGutter={20}
            items={[
              { key: 'record', label: '逐条登记', children: <CreditRecordForm onRecorded={creditsChanged} /> },
              { key: 'import', label: '批量登记', children: <CreditImport onCommitted={creditsChanged} /> },
              { key: 'records', label: '登记记录', children: <CreditRecordList version={creditVersion} /> },
              { key: 'objections', label: '异议处理', children: <ObjectionList onAnswered={creditsChanged} /> },
            ]}
          />
        </Card>
        <RegistrationCard />
        <OrganiserCard />
      </ConfigProvider>
    </AccountPage>
  );
};

/** The route's page: the workbench only for an account with its flag. */
const GuardedInstitutionWorkbenchPage = () => (
  <RequireAccountFlag flag="institution">
    <InstitutionWorkbenchPage />
  </RequireAccountFlag>
);
export default GuardedInstitutionWorkbenchPage;
