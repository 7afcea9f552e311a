import '../zodLocale';
import { HttpResponse, http } from 'msw';
import type { z } from 'zod';
import { IMAGE_SORT } from '../constants';
import { api } from '../contract';
import type { CallDefinition } from '../contract/call';
import type { ImageMessage } from '../contract/img';

type MockedRequest = { request: Request; params: Record<string, string | readonly string[] | undefined> };
/** A mock's answer to one request: what the call answers with, or a whole Response for failures. */
type Resolve<T> = (info: MockedRequest) => T | Response | Promise<T | Response>;
type Resolver<R extends z.ZodType> = Resolve<z.input<R>>;
type ListResolver<R extends z.ZodType> = Resolve<{ rows: z.input<R>; total?: number }>;
/** Any call whose answer is `R`. */
type CallAnswering<R extends z.ZodType> = CallDefinition<z.ZodType, z.ZodType, z.ZodType, R>;

const mswPath = (path: string) => `*${path}`;

/** Requests a mocked call refused since the last check: an app test must not pass while its app sends them. */
const refused: string[] = [];

/** Returns and forgets the refusals recorded so far. */
export const takeRefusedRequests = (): string[] => refused.splice(0);

/** Fails when a mocked call refused a request since the last check; the DOM test set-up runs it after each test. */
export const assertNoRefusedRequests = () => {
  const seen = takeRefusedRequests();
  if (seen.length > 0) {
    throw new Error(`the app sent requests the server would refuse:\n${seen.join('\n')}`);
  }
};

/** A query string as the server reads it: one value a text, a repeated key a list. */
const queryObject = (url: URL): Record<string, string | string[]> => {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
};

const bodyObject = async (request: Request, definition: CallDefinition): Promise<unknown> => {
  if (definition.bodyKind === 'json') return request.json().catch(() => undefined);
  if (definition.bodyKind === 'form') return Object.fromEntries(new URLSearchParams(await request.text()));
  return undefined;
};

/** The request's query, path parameters and body checked with the call's schemas, as the server checks them. */
const refusalOf = async (
  definition: CallDefinition,
  request: Request,
  params: Record<string, string | readonly string[] | undefined>,
): Promise<string | null> => {
  const parts: [string, z.ZodType | undefined, () => unknown | Promise<unknown>][] = [
    ['查询参数', definition.query, () => queryObject(new URL(request.url))],
    ['路径参数', definition.params, () => params],
    ['请求内容', definition.body, () => bodyObject(request.clone(), definition)],
  ];
  for (const [where, schema, read] of parts) {
    if (!schema) continue;
    const value = (await read()) ?? {};
    const result = schema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.map(String).join('.') ?? '';
      const detail =
        issue?.code === 'unrecognized_keys' ? `含有不认识的字段：${issue.keys.join('、')}` : (issue?.message ?? '');
      return `${where}有误：${field ? `${field} ` : ''}${detail}`;
    }
  }
  return null;
};

/**
 * An msw handler for one call of the contract. The request is checked with the call's schemas first: one the
 * server would refuse gets the server's 400 and is recorded, so the test fails even when the app copes with
 * the refusal. The resolver returns `data` (typed by the call's response schema, and checked against it) or a
 * whole Response for failures.
 */
export const mockCall = <R extends z.ZodType>(definition: CallAnswering<R>, resolver: Resolver<R>) =>
  checkedHandler(definition, resolver, (result) =>
    definition.responseKind === 'bytes'
      ? // A download answers with the file itself: the resolver gives its bytes (a Blob, a string, a buffer).
        new HttpResponse(result as BodyInit, { headers: { 'Content-Type': 'application/octet-stream' } })
      : HttpResponse.json({ status: 200, message: '操作成功', data: definition.response.parse(result) }),
  );

/**
 * An msw handler for a console list call: the rows in the envelope and, as the server sends it, the total in
 * `Content-Range: <resource> <start>-<end>/<total>` (the total is the number of rows unless given).
 */
export const mockList = <R extends z.ZodType>(definition: CallAnswering<R>, resolver: ListResolver<R>) =>
  checkedHandler(definition, resolver, (result, request) => {
    const rows = definition.response.parse(result.rows) as unknown[];
    const range = new URL(request.url).searchParams.get('range');
    const start = range ? ((JSON.parse(range) as number[])[0] ?? 0) : 0;
    const end = rows.length === 0 ? start : start + rows.length - 1;
    const resource = definition.path.split('/').pop() ?? '';
    return HttpResponse.json(
      { status: 200, message: '操作成功', data: rows },
      { headers: { 'Content-Range': `${resource} ${start}-${end}/${result.total ?? rows.length}` } },
    );
  });

/** Refuses what the server would refuse, then answers with the resolver's result, or its own Response. */
const checkedHandler = <T>(
  definition: CallDefinition,
  resolver: Resolve<T>,
  answer: (result: T, request: Request) => Response,
) => {
  const method = definition.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](mswPath(definition.path), async ({ request, params }) => {
    const refusal = await refusalOf(definition, request, params);
    if (refusal) {
      refused.push(`${definition.method} ${definition.path}: ${refusal}`);
      return failure(400, refusal);
    }
    const result = await resolver({ request, params });
    return result instanceof Response ? result : answer(result, request);
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
    displayOrder: 0,
    showFrom: null,
    showUntil: null,
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
