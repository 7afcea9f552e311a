import { z } from 'zod';
import { defineCall } from '../call';
import { EVENT_LEVELS } from '../credits';
import { consoleEventSchema, EVENT_TYPES, eventCreateBody, eventUpdateBody } from '../events';
import { idList, idParams, listQuery, resourcePath } from './common';

export const eventFilter = z
  .object({
    id: idList.optional(),
    /** Name or approval number. */
    q: z.string().max(100).optional(),
    season: z.string().max(10).optional(),
    type: z.enum(EVENT_TYPES).optional(),
    level: z.enum(EVENT_LEVELS).optional(),
    visible: z.boolean().optional(),
  })
  .strict();

/** What an event's form offers: the active institutions, and the catalogue items an award can be credited under. */
export const eventChoicesSchema = z.object({
  organizers: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })),
  /** Sports-meeting and competition items, retired ones too (an event keeps the item it was made with). */
  catalogue: z.array(z.object({ id: z.number().int(), name: z.string(), level: z.string(), active: z.boolean() })),
});
export type EventChoices = z.infer<typeof eventChoicesSchema>;

/**
 * Events (赛事), kept by editors: created hidden, shown on /match once `visible`. Never deleted: teams,
 * results and certificates hang on them; an event nobody should see is hidden instead.
 */
export const eventCalls = {
  eventList: defineCall({
    method: 'GET',
    path: resourcePath('events'),
    host: 'main',
    access: 'editor',
    xsrf: false,
    bodyKind: 'none',
    query: listQuery(eventFilter, ['id', 'registrationOpens', 'name', 'season', 'level']),
    response: z.array(consoleEventSchema),
    summary: '赛事（编辑）',
  }),
  eventChoices: defineCall({
    method: 'GET',
    path: `${resourcePath('events')}/choices`,
    host: 'main',
    access: 'editor',
    xsrf: false,
    bodyKind: 'none',
    response: eventChoicesSchema,
    summary: '赛事可选的承办单位与学分项目（编辑；机构与目录本身只有管理员可管理）',
  }),
  eventOne: defineCall({
    method: 'GET',
    path: resourcePath('events', true),
    host: 'main',
    access: 'editor',
    xsrf: false,
    bodyKind: 'none',
    params: idParams,
    response: consoleEventSchema,
    summary: '一个赛事（编辑）',
  }),
  eventCreate: defineCall({
    method: 'POST',
    path: resourcePath('events'),
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'json',
    body: eventCreateBody,
    response: consoleEventSchema,
    summary: '新建赛事（编辑；无任何收费字段）',
  }),
  eventUpdate: defineCall({
    method: 'PUT',
    path: resourcePath('events', true),
    host: 'main',
    access: 'editor',
    xsrf: true,
    bodyKind: 'json',
    params: idParams,
    body: eventUpdateBody,
    response: consoleEventSchema,
    summary: '修改、公开或隐藏赛事（编辑）',
  }),
} as const;
