import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerImageDelete } from './imageMsgDel';
import { registerImageInsert } from './imageMsgInsert';
import { registerImageSearch } from './imageMsgSearch';
import { registerImageSearchOne } from './imageMsgSearchOne';
import { registerImageUpdate } from './imageMsgUpdate';
import { registerImageSortClear } from './imageSortClear';

/** The spec's six /lianmeng/img calls. */
export const registerImageRoutes = (app: FastifyInstance, context: ServerContext) => {
  registerImageSearch(app, context);
  registerImageSearchOne(app, context);
  registerImageInsert(app, context);
  registerImageUpdate(app, context);
  registerImageDelete(app, context);
  registerImageSortClear(app, context);
};
