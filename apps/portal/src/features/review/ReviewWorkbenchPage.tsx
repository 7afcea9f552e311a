import { Card, Descriptions, Empty } from 'antd';
import { AccountPage } from '../account/AccountPage';
import { RequireAccountFlag } from '../account/RequireAccountFlag';
import { useCardSession } from '../account/useCardSession';
import { CreditBankNav } from '../creditBank/CreditBankNav';

/**
 * /creditBank/review: the operator's workbench. Institutions submit credit records for review once credit
 * recording exists; until then the queue is empty and says so.
 */
export const ReviewWorkbenchPage = () => {
  const current = useCardSession();
  return (
    <AccountPage title="审核工作台">
      <CreditBankNav />
      <Card>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label="审核员">{current?.ucUserInfo.name}</Descriptions.Item>
          <Descriptions.Item label="卡号">{current?.cardNo}</Descriptions.Item>
        </Descriptions>
        <section aria-labelledby="review-queue-title" style={{ marginTop: 24 }}>
          <h2 id="review-queue-title" style={{ fontSize: 18, margin: '0 0 12px' }}>
            待审核
          </h2>
          <Empty
            description={
              <>
                <p style={{ margin: 0 }}>暂无待审核的记录。</p>
                <p style={{ margin: 0 }}>学分记录功能上线后，各机构提交的学分记录将在这里等待审核。</p>
              </>
            }
          />
        </section>
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
