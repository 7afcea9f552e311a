import { api, type ImageMessage } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../audit/recordAudit';
import type { ServerContext } from '../../context';
import { forbidden } from '../../http/apiError';
import { defineRoute } from '../../http/defineRoute';
import { requireXsrf } from '../../plugins/xsrf';
import { findImage, updateImage } from './imageRepository';
import { IMAGE_NOT_FOUND } from './messages';

const EDITABLE = ['belongSortid', 'isOpen', 'photoAddress', 'smallPhotoAddress', 'photoTitle', 'urlAddress'] as const;
type Editable = (typeof EDITABLE)[number];

/** The fields whose sent value differs from what is stored; clients may post the whole record. */
const changedFields = (current: ImageMessage, body: Partial<Record<Editable, unknown>>) =>
  EDITABLE.filter((field) => body[field] !== undefined && body[field] !== current[field]);

export const registerImageUpdate = (app: FastifyInstance, { db, consoleSessions, now }: ServerContext) =>
  defineRoute(
    app,
    api.img.update,
    { preHandler: [requireXsrf, consoleSessions.require('admin', 'editor', 'staff')] },
    async ({ body, request }) => {
      const user = request.consoleUser;
      const at = now();
      return db.writeTransaction(async (trx) => {
        const current = await findImage(trx, body.id);
        if (!current) throw IMAGE_NOT_FOUND();
        const changed = changedFields(current, body);
        if (user?.role === 'staff' && changed.some((field) => field !== 'isOpen')) {
          throw forbidden('内容运营只能修改开放状态');
        }
        if (changed.length === 0) return current;
        const patch = Object.fromEntries(changed.map((field) => [field, body[field]]));
        const image = await updateImage(trx, body.id, { ...patch, updateTime: at.toISOString() });
        const onlyToggle = changed.length === 1 && changed[0] === 'isOpen';
        await recordAudit(trx, {
          user,
          action: onlyToggle ? 'toggle' : 'update',
          targetType: 'image',
          targetId: image.id,
          detail: Object.fromEntries(changed.map((field) => [field, { from: current[field], to: image[field] }])),
          at,
        });
        return image;
      });
    },
  );
