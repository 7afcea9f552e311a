import { COLUMN_BY_KEY } from '@lianmeng/core';
import { AREAS } from '../../shared/articles/areas';

/** The columns /index shows, in order, each with the area its articles open in. */
export const HOME_SECTIONS = [
  { typeId: COLUMN_BY_KEY.news.typeId, area: AREAS.news },
  { typeId: COLUMN_BY_KEY.announcements.typeId, area: AREAS.news },
  { typeId: COLUMN_BY_KEY.education.typeId, area: AREAS.education },
  { typeId: COLUMN_BY_KEY.matchNotices.typeId, area: AREAS.match },
  { typeId: COLUMN_BY_KEY.exchangeAdvance.typeId, area: AREAS.exchange },
  { typeId: COLUMN_BY_KEY.exchangeAchievements.typeId, area: AREAS.exchange },
];

const { education, courses, textbooks, equipment } = COLUMN_BY_KEY;
/** The education area's columns: its tabs, and the sections of /education/index. */
export const EDUCATION_TYPE_IDS = [education.typeId, courses.typeId, textbooks.typeId, equipment.typeId];
