import type { FastifyReply } from 'fastify';

/** ra-data-simple-rest reads the total from `Content-Range: <resource> <start>-<end>/<total>`. */
export const setContentRange = (
  reply: FastifyReply,
  resource: string,
  range: readonly [number, number],
  shown: number,
  total: number,
) => {
  const start = shown === 0 ? 0 : range[0];
  const end = shown === 0 ? 0 : range[0] + shown - 1;
  reply.header('Content-Range', `${resource} ${start}-${end}/${total}`);
};

/** A react-admin list answer: the page itself as `data`, the total in `Content-Range`. */
export const listAnswer = <T>(
  reply: FastifyReply,
  resource: string,
  range: readonly [number, number],
  { list, total }: { list: T[]; total: number },
): T[] => {
  setContentRange(reply, resource, range, list.length, total);
  return list;
};
