import { care } from './care';
import { courses, education, equipment, textbooks } from './education';
import { exchangeAchievements, exchangeAdvance, exchangeProcess, exchangeStudy, exchangeTerm } from './exchange';
import { files } from './files';
import { councilUnits, memberSchools } from './members';
import { news } from './news';
import { announcements, matchNotices, policies } from './notices';
import { charter, contact, introduction, organisation } from './singles';
import { special, topicCompetition, topicEducation, topicExchange, youngHelpers } from './topics';
import type { DemoColumn } from './types';

/** Our own demo writing for every column of packages/core's content/columns.ts. */
export const DEMO_COLUMNS: readonly DemoColumn[] = [
  news,
  announcements,
  introduction,
  charter,
  organisation,
  policies,
  care,
  contact,
  education,
  courses,
  textbooks,
  equipment,
  matchNotices,
  exchangeProcess,
  exchangeStudy,
  exchangeAdvance,
  exchangeTerm,
  exchangeAchievements,
  topicEducation,
  topicCompetition,
  topicExchange,
  special,
  files,
  youngHelpers,
  memberSchools,
  councilUnits,
];
