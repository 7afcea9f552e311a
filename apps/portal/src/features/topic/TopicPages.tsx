import { COLUMN_BY_KEY } from '@lianmeng/core';
import { ArticleDetailPage } from '../../shared/articles/ArticleDetailPage';
import { AREAS } from '../../shared/articles/areas';
import { ColumnListPage } from '../../shared/articles/ColumnListPage';
import { ColumnTabs } from '../../shared/articles/ColumnTabs';

const { topicEducation, topicCompetition, topicExchange } = COLUMN_BY_KEY;
const tabs = (
  <ColumnTabs label="专题栏目" typeIds={[topicEducation.typeId, topicCompetition.typeId, topicExchange.typeId]} />
);
const page = (typeId: number) => () => (
  <ColumnListPage area={AREAS.topic} defaultTypeId={typeId} nav={tabs} withSummary />
);

export const TopicEducationPage = page(topicEducation.typeId);
export const TopicCompetitionPage = page(topicCompetition.typeId);
export const TopicExchangePage = page(topicExchange.typeId);
export const TopicDetailPage = () => <ArticleDetailPage area={AREAS.topic} />;
