import { HttpResponse, http } from 'msw';
import type { z } from 'zod';
import { IMAGE_SORT } from '../constants';
import { api } from '../contract';
import type { CallDefinition } from '../contract/call';
import type { ImageMessage } from '../contract/img';

type Resolver<R extends z.ZodType> = (info: {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
}) => z.input<R> | Response | Promise<z.input<R> | Response>;

const mswPath = (path: string) => `*${path}`;

/**
 * An msw handler for one call of the contract. The resolver returns `data` (typed by the call's response
 * schema, and checked against it) or a whole Response for failures.
 */
export const mockCall = <Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  definition: CallDefinition<Q, B, P, R>,
  resolver: Resolver<R>,
) => {
  const method = definition.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](mswPath(definition.path), async ({ request, params }) => {
    const result = await resolver({ request, params });
    if (result instanceof Response) return result;
    const data = definition.response.parse(result);
    return HttpResponse.json({ status: 200, message: '操作成功', data });
  });
};

/** A failure envelope with the HTTP status equal to the body's. */
export const failure = (status: number, message: string) => HttpResponse.json({ status, message }, { status });

let nextId = 1;
export const imageFixture = (overrides: Partial<ImageMessage> = {}): ImageMessage => {
  const id = overrides.id ?? nextId++;
  return {
    id,
    belongSortid: IMAGE_SORT.partner,
    isOpen: 1,
    photoAddress: `/uploads/demo-${id}.png`,
    smallPhotoAddress: `/uploads/demo-${id}-small.png`,
    photoTitle: `合作伙伴 ${id}`,
    urlAddress: 'https://www.example.edu.cn/',
    createTime: '2026-11-01T08:00:00.000Z',
    updateTime: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
};

/** Image search over a fixed list, honouring belongSortid and isOpen like the server. */
export const imageSearchHandler = (images: ImageMessage[]) =>
  mockCall(api.img.search, async ({ request }) => {
    const url = new URL(request.url);
    const body = (await request.json().catch(() => ({}))) as { belongSortid?: number; isOpen?: number };
    const list = images.filter(
      (image) =>
        (body.belongSortid === undefined || image.belongSortid === body.belongSortid) &&
        (body.isOpen === undefined || image.isOpen === body.isOpen),
    );
    return {
      seachList: list,
      total: list.length,
      pageNum: Number(url.searchParams.get('pageNum') ?? 1),
      pageSize: Number(url.searchParams.get('pageSize') ?? 10),
    };
  });
