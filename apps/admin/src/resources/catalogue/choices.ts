import {
  CATALOGUE_STATUS_LABELS,
  CATALOGUE_STATUSES,
  CREDIT_KIND_LABELS,
  CREDIT_KINDS,
  CREDIT_LEVELS,
  type CreditKind,
  EVENT_LEVELS,
  EXAM_LEVELS,
} from '@lianmeng/core';

export const KIND_CHOICES = CREDIT_KINDS.map((kind) => ({ id: kind, name: CREDIT_KIND_LABELS[kind] }));
export const STATUS_CHOICES = CATALOGUE_STATUSES.map((status) => ({
  id: status,
  name: CATALOGUE_STATUS_LABELS[status],
}));

const levelChoices = (levels: readonly string[]) => levels.map((level) => ({ id: level, name: level }));

/** An exam is graded 一级–七级; every other kind by who holds it, 校级–国家级; before a kind is chosen, all. */
export const levelChoicesOf = (kind: CreditKind | undefined) => {
  if (kind === undefined) return levelChoices(CREDIT_LEVELS);
  return levelChoices(kind === 'exam' ? EXAM_LEVELS : EVENT_LEVELS);
};
