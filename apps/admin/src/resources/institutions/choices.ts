import {
  INSTITUTION_KIND_LABELS,
  INSTITUTION_KINDS,
  INSTITUTION_STATUS_LABELS,
  INSTITUTION_STATUSES,
} from '@lianmeng/core';

export const KIND_CHOICES = INSTITUTION_KINDS.map((kind) => ({ id: kind, name: INSTITUTION_KIND_LABELS[kind] }));
export const STATUS_CHOICES = INSTITUTION_STATUSES.map((status) => ({
  id: status,
  name: INSTITUTION_STATUS_LABELS[status],
}));
