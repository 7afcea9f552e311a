import { api, type CatalogueItem, type InstitutionPerson, type LedgerRecord, type Objection } from '@lianmeng/core';
import { catalogueItemFixture, mockCall } from '@lianmeng/core/testing';
import type { ReactNode } from 'react';
import { RequireAccountFlag } from '../account/RequireAccountFlag';
import { HOLDER, logInAs, loginResult, renderAt } from '../account/testing';

/** Test data for the workbench: catalogue items, ledger records, objections and the opening batches. */

export const CATALOGUE: CatalogueItem[] = [
  catalogueItemFixture(),
  catalogueItemFixture({
    id: 20,
    code: 'COMP-CIT',
    name: '机器人运动竞赛市级获奖',
    kind: 'competition',
    kindLabel: '竞赛',
    level: '市级',
    defaultCredits: 3,
    maxCredits: 6,
    evidenceRequired: false,
  }),
];

export const ledgerRecord = (overrides: Partial<LedgerRecord> = {}): LedgerRecord => ({
  id: 101,
  cardNo: '10000101',
  holderName: '学生1',
  institutionId: 1,
  institutionName: '北京市第一中学',
  itemId: 20,
  itemName: '机器人运动竞赛市级获奖',
  kind: 'competition',
  level: '市级',
  date: '2026-10-01',
  credits: 3,
  certificateNo: '',
  hasEvidence: false,
  state: 'submitted',
  stateLabel: '待审核',
  reversesId: null,
  batchId: null,
  reason: '',
  submittedBy: '10000003',
  submittedTime: '2026-10-02T02:00:00.000Z',
  reviewedBy: '',
  reviewingUnit: '',
  decidedTime: null,
  objectionOpen: false,
  ...overrides,
});

export const objection = (overrides: Partial<Objection> = {}): Objection => ({
  id: 5,
  recordId: 101,
  cardNo: '10000101',
  holderName: '学生1',
  itemName: '机器人运动竞赛市级获奖',
  date: '2026-10-01',
  credits: 3,
  reason: '我没有参加这次比赛',
  createTime: '2026-11-20T02:00:00.000Z',
  state: 'open',
  answer: '',
  answerTime: null,
  ...overrides,
});

/** One of the institution's people: card 1000010<index>, 学生<index>, an active opened card unless told otherwise. */
export const person = (index: number, overrides: Partial<InstitutionPerson> = {}): InstitutionPerson => ({
  cardNo: String(10000100 + index),
  name: `学生${index}`,
  gender: '男',
  birthDate: '2016-03-01',
  grade: '四年级2班',
  phone: '',
  guardianPhone: '139****0001',
  state: 'active',
  how: 'opened',
  batchId: 1,
  linkTime: '2026-11-20T02:00:00.000Z',
  ...overrides,
});

/** Renders a part of the workbench for a logged-in institution account. */
export const renderForInstitution = (element: ReactNode) => {
  logInAs(loginResult({ ucUserInfo: { ...HOLDER, institution: true } }));
  return renderAt('/creditBank/institution', [
    { path: '/creditBank/institution', element: <RequireAccountFlag flag="institution">{element}</RequireAccountFlag> },
  ]);
};

/** The opening batches: one batch (7) of a 30-row roster, 20 of whose cards wait for activation. */
export const oneBatchHandler = () =>
  mockCall(api.institutionWorkbench.batches, () => ({
    list: [
      {
        id: 7,
        fileName: 'roster.xlsx',
        rows: 30,
        opened: 28,
        linked: 2,
        pending: 20,
        createTime: '2026-11-20T02:00:00.000Z',
        createdBy: '张老师',
      },
    ],
    total: 1,
  }));
