import { api, HEADERS, type ImageMessage } from '@lianmeng/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { defineRoute } from '../../http/defineRoute';
import { changeImage, clearSort, createImage, removeImage, reorderImages, setImagesOpen } from './imageCommands';
import { findImage, keptWindowEdge, searchImages } from './imageRepository';
import { IMAGE_NOT_FOUND } from './messages';

/** Open, and inside its showing window at `at`. */
const isShowing = (image: ImageMessage, at: Date) => {
  const instant = at.toISOString();
  return (
    image.isOpen === 1 &&
    (image.showFrom === null || image.showFrom <= instant) &&
    (image.showUntil === null || image.showUntil > instant)
  );
};

/** The /lianmeng/img calls the portal and the console share: the spec's six, and the added reorder and bulk open/close. */
export const registerImageRoutes = (app: FastifyInstance, { db, consoleSessions, now, siteVersion }: ServerContext) => {
  const windowEdge = keptWindowEdge(db.kysely, () => siteVersion.current());
  // Anyone but a console request with a session only ever sees open items inside their showing window.
  defineRoute(
    app,
    api.img.search,
    async ({ query, body, request }) => {
      const fromConsole = await consoleSessions.isConsoleRequest(request);
      if (!fromConsole && body.isOpen === 0) {
        return { seachList: [], total: 0, pageNum: query.pageNum, pageSize: query.pageSize };
      }
      const { list, total } = await searchImages(
        db.kysely,
        {
          belongSortid: body.belongSortid,
          isOpen: fromConsole ? body.isOpen : 1,
          titleContains: body.photoTitle?.trim() || undefined,
          showingAt: fromConsole ? undefined : now(),
        },
        query,
      );
      return { seachList: list, total, pageNum: query.pageNum, pageSize: query.pageSize };
    },
    // Every visitor's page asks for the banners and the partners: one cached answer per filter and page,
    // shared by all but a console session, which sees closed items too.
    {
      cache: {
        public: (request) =>
          request.headers[HEADERS.console.toLowerCase()] !== '1' ||
          consoleSessions.isConsoleRequest(request).then((fromConsole) => !fromConsole),
        // An image whose showing window opens or closes changes the list with no write.
        until: () => windowEdge(now()),
      },
    },
  );

  // A console session sees closed images too: the answer is validated, but stays in the browser that asked.
  defineRoute(
    app,
    api.img.searchOne,
    async ({ query, request }) => {
      const image = await findImage(db.kysely, query.id);
      if (!image) throw IMAGE_NOT_FOUND();
      if (!isShowing(image, now()) && !(await consoleSessions.isConsoleRequest(request))) throw IMAGE_NOT_FOUND();
      return image;
    },
    { cache: { public: false } },
  );

  defineRoute(app, api.img.insert, async ({ body, request }) => createImage(db, body, request.consoleUser, now()));

  defineRoute(app, api.img.update, async ({ body, request }) => changeImage(db, body, request.consoleUser, now()));

  // A GET, yet it deletes: its definition asks for the anti-forgery header as a POST's would.
  defineRoute(app, api.img.delete, async ({ query, request }) => removeImage(db, query.id, request.consoleUser, now()));

  defineRoute(app, api.img.reorder, async ({ body, request }) =>
    reorderImages(db, body.belongSortid, body.ids, request.consoleUser, now()),
  );

  defineRoute(app, api.img.openMany, async ({ body, request }) => setImagesOpen(db, body, request.consoleUser, now()));

  defineRoute(app, api.img.sortClear, async ({ query, request }) =>
    clearSort(db, query.belongSortid, request.consoleUser, now()),
  );
};
