import { COLUMN_BY_KEY } from '@lianmeng/core';
import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS } from '../../shared/articles/areas';
import { ColumnListPage } from '../../shared/articles/ColumnListPage';
import { ColumnTabs } from '../../shared/articles/ColumnTabs';

const { exchangeProcess, exchangeStudy, exchangeAdvance, exchangeTerm, exchangeAchievements } = COLUMN_BY_KEY;
const tabs = (
  <ColumnTabs
    label="交流活动栏目"
    typeIds={[
      exchangeProcess.typeId,
      exchangeStudy.typeId,
      exchangeAdvance.typeId,
      exchangeTerm.typeId,
      exchangeAchievements.typeId,
    ]}
  />
);
const page = (typeId: number) => () => (
  <ColumnListPage area={AREAS.exchange} defaultTypeId={typeId} nav={tabs} withSummary />
);

export const ExchangeProcessPage = page(exchangeProcess.typeId);
export const ExchangeStudyPage = page(exchangeStudy.typeId);
export const ExchangeAdvancePage = page(exchangeAdvance.typeId);
export const ExchangeTermPage = page(exchangeTerm.typeId);
export const ExchangeAchievementsPage = page(exchangeAchievements.typeId);
export const ExchangeDetailPage = () => <ArticleDetailPage area={AREAS.exchange} />;
