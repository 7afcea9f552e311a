import { api, DEFAULT_PAGE_SIZE, type ReviewQueueItem } from '@lianmeng/core';
import { Card, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { AccountPage } from '../account/AccountPage';
import { RequireAccountFlag } from '../account/RequireAccountFlag';
import { FinalPanel } from '../certificates/FinalPanel';
import { CreditBankNav } from '../creditBank/CreditBankNav';
import { MatchReviewPanel } from '../registration/MatchReviewPanel';
import { type Notice, NoticeAlert } from './NoticeAlert';
import { ReviewDetail } from './ReviewDetail';
import { type QueueQuery, ReviewQueue } from './ReviewQueue';

/**
 * /creditBank/review (审核工作台): the queue of what institutions submitted, and one opened item to approve
 * (通过) or return (退回); on their own tabs, the teams registered for match events (赛事报名审核) and the
 * events whose published results wait to be made final (成绩生效). Loaded in the browser with the operator's
 * token; the server decides who may review what, and refuses an account its own institution's submissions.
 */
export const ReviewWorkbenchPage = () => {
  const [query, setQuery] = useState<QueueQuery>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  // A decision changes the queue: it is asked for again (it is also asked for whenever it comes back on screen).
  const [version, setVersion] = useState(0);
  const [opened, setOpened] = useState<ReviewQueueItem | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [tab, setTab] = useState('credits');
  // Where the focus goes when the queue comes back: the notice after a decision, else the queue's heading.
  const [focusOnReturn, setFocusOnReturn] = useState<'notice' | 'heading' | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (opened || !focusOnReturn) return;
    if (focusOnReturn === 'notice') noticeRef.current?.focus();
    else document.getElementById('review-queue-title')?.focus();
    setFocusOnReturn(null);
  }, [opened, focusOnReturn]);

  const open = (item: ReviewQueueItem) => {
    setNotice(null);
    setOpened(item);
  };
  const back = () => {
    setOpened(null);
    setFocusOnReturn('heading');
  };
  const done = (next: Notice) => {
    setNotice(next);
    setOpened(null);
    setVersion((count) => count + 1);
    setFocusOnReturn('notice');
  };

  return (
    <AccountPage title="审核工作台" crumbs={[{ title: '学分银行', to: '/creditBank/info' }, { title: '审核工作台' }]}>
      <CreditBankNav />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          tabBarGutter={20}
          items={[
            {
              key: 'credits',
              label: '学分审核',
              children: opened ? (
                <ReviewDetail key={opened.key} item={opened} onBack={back} onDone={done} />
              ) : (
                <>
                  <div ref={noticeRef} tabIndex={-1} data-testid="review-notice">
                    <NoticeAlert notice={notice} spacing={16} onClose={() => setNotice(null)} />
                  </div>
                  <ReviewQueue query={query} onQuery={setQuery} version={version} onOpen={open} />
                </>
              ),
            },
            { key: 'match', label: '赛事报名审核', children: <MatchReviewPanel calls={api.matchReview} /> },
            { key: 'final', label: '成绩生效', children: <FinalPanel /> },
          ]}
        />
      </Card>
    </AccountPage>
  );
};

/** The route's page: the workbench only for an account with its flag. */
const GuardedReviewWorkbenchPage = () => (
  <RequireAccountFlag flag="operator">
    <ReviewWorkbenchPage />
  </RequireAccountFlag>
);
export default GuardedReviewWorkbenchPage;
