import { api, type CallBody, SITE_SETTINGS_ID } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import type { GetListParams, Identifier } from 'react-admin';
import { type ResourceAdapter, unwrap } from './resourceAdapter';
import { refusal } from './serverErrors';

type ConsoleApi = typeof api.consoleApi;

/** `Content-Range: <resource> <start>-<end>/<total>` carries a list's total beside the envelope. */
const CONTENT_RANGE_TOTAL = /\/(\d+)\s*$/;
const totalOf = (headers: Readonly<Record<string, string>>): number => {
  const match = CONTENT_RANGE_TOTAL.exec(headers['content-range'] ?? '');
  if (!match?.[1]) throw refusal('服务器没有返回列表的总数（Content-Range）', 500);
  return Number(match[1]);
};

/** react-admin's list parameters as the console API's JSON-encoded `sort`, `range` and `filter`. */
const listQuery = (params: GetListParams) => {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  const query: { sort?: string; range: string; filter: string } = {
    range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
    filter: JSON.stringify(params.filter ?? {}),
  };
  if (params.sort?.field) query.sort = JSON.stringify([params.sort.field, params.sort.order]);
  return query;
};

const idParams = (id: Identifier) => ({ id: String(id) });

/** What a form holds is what the body schema takes; the server (and the tests' mock) checks it. */
const formBody = <C>(data: Record<string, unknown>) => data as CallBody<C>;

/** Articles, accounts and the audit log: the console API's list, read, create, update and delete calls. */
export const createRestResources = (http: HttpClient): Record<string, ResourceAdapter> => {
  /** Lists with a server-side filter by id fetch many records in one request. */
  const byIds = (ids: Identifier[]) => ({
    pagination: { page: 1, perPage: Math.max(ids.length, 1) },
    filter: { id: ids.map(Number) },
  });

  const articles: ResourceAdapter = {
    async getList(params) {
      const result = await http.call(api.consoleApi.articleList, { query: listQuery(params), signal: params.signal });
      return { data: unwrap(result), total: totalOf(result.ok ? result.headers : {}) };
    },
    getOne: async (id, signal) => unwrap(await http.call(api.consoleApi.articleOne, { params: idParams(id), signal })),
    getMany: async (ids, signal) => (await articles.getList({ ...byIds(ids), signal })).data,
    create: async (data) =>
      unwrap(await http.call(api.consoleApi.articleCreate, { body: formBody<ConsoleApi['articleCreate']>(data) })),
    update: async (id, data) =>
      unwrap(
        await http.call(api.consoleApi.articleUpdate, {
          params: idParams(id),
          body: formBody<ConsoleApi['articleUpdate']>(data),
        }),
      ),
    async delete(id) {
      unwrap(await http.call(api.consoleApi.articleDelete, { params: idParams(id) }));
    },
  };

  const accounts: ResourceAdapter = {
    async getList(params) {
      const result = await http.call(api.consoleApi.accountList, { query: listQuery(params), signal: params.signal });
      return { data: unwrap(result), total: totalOf(result.ok ? result.headers : {}) };
    },
    getOne: async (id, signal) => unwrap(await http.call(api.consoleApi.accountOne, { params: idParams(id), signal })),
    getMany: async (ids, signal) => (await accounts.getList({ ...byIds(ids), signal })).data,
    create: async (data) =>
      unwrap(await http.call(api.consoleApi.accountCreate, { body: formBody<ConsoleApi['accountCreate']>(data) })),
    update: async (id, data) =>
      unwrap(
        await http.call(api.consoleApi.accountUpdate, {
          params: idParams(id),
          body: formBody<ConsoleApi['accountUpdate']>(data),
        }),
      ),
  };

  const audit: ResourceAdapter = {
    async getList(params) {
      const result = await http.call(api.consoleApi.auditList, { query: listQuery(params), signal: params.signal });
      return { data: unwrap(result), total: totalOf(result.ok ? result.headers : {}) };
    },
    getOne: async (id, signal) => unwrap(await http.call(api.consoleApi.auditOne, { params: idParams(id), signal })),
    getMany: async (ids, signal) => (await audit.getList({ ...byIds(ids), signal })).data,
  };

  // The site settings are one record, `settings/site`.
  const settings: ResourceAdapter = {
    async getList(params) {
      const data = unwrap(await http.call(api.consoleApi.settingsList, { signal: params.signal }));
      return { data, total: data.length };
    },
    getOne: async (_id, signal) =>
      unwrap(await http.call(api.consoleApi.settingsOne, { params: { id: SITE_SETTINGS_ID }, signal })),
    update: async (_id, data) =>
      unwrap(
        await http.call(api.consoleApi.settingsUpdate, {
          params: { id: SITE_SETTINGS_ID },
          body: formBody<ConsoleApi['settingsUpdate']>(data),
        }),
      ),
  };

  return { articles, accounts, audit, settings };
};
