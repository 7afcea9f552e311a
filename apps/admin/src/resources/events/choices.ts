import { EVENT_LEVELS, EVENT_TYPE_LABELS, EVENT_TYPES } from '@lianmeng/core';

export const TYPE_CHOICES = EVENT_TYPES.map((type) => ({ id: type, name: EVENT_TYPE_LABELS[type] }));
export const LEVEL_CHOICES = EVENT_LEVELS.map((level) => ({ id: level, name: level }));
