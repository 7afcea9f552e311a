import type { CallResult } from '@lianmeng/core/http';
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { refusal } from './serverErrors';

/**
 * What a resource that is not simple REST (the image sorts over the /lianmeng/img calls) can do, in plain
 * records; `toDataProvider` gives it react-admin's shape.
 */
export interface ResourceAdapter {
  getList(params: GetListParams): Promise<{ data: RaRecord[]; total: number }>;
  getOne(id: Identifier, signal?: AbortSignal): Promise<RaRecord>;
  /** Several records at once; one `getOne` each when the resource has no list filter by id. */
  getMany?(ids: Identifier[], signal?: AbortSignal): Promise<RaRecord[]>;
  create?(data: Record<string, unknown>): Promise<RaRecord>;
  update?(id: Identifier, data: Record<string, unknown>): Promise<RaRecord>;
  /** The same change to several records in one call, all or none; one `update` each when absent. */
  updateMany?(ids: Identifier[], data: Record<string, unknown>): Promise<void>;
  delete?(id: Identifier): Promise<void>;
}

/**
 * A call's value, or react-admin's HttpError with the server's Chinese message and status: react-admin shows
 * it, puts a named field's message on the form, and rolls an optimistic change back.
 */
export const unwrap = <T>(result: CallResult<T>): T => {
  if (!result.ok) throw refusal(result.message, result.status);
  return result.data;
};

const unsupported = (resource: string, action: string) => refusal(`${resource} 不支持${action}`, 405);

/**
 * react-admin asks for records of any type it names (its methods are generic); the adapters answer with the
 * records the contract's response schemas describe, so this is the one place they are handed over as such.
 */
const asRecord = <R extends RaRecord>(record: RaRecord) => record as R;
const asRecords = <R extends RaRecord>(records: RaRecord[]) => records as R[];

/** One data provider routing each resource to its adapter. */
export const toDataProvider = (adapters: Readonly<Record<string, ResourceAdapter>>): DataProvider => {
  const adapter = (resource: string): ResourceAdapter => {
    const found = adapters[resource];
    if (!found) throw unsupported(resource, '任何操作');
    return found;
  };
  const getMany = (resource: string, ids: Identifier[], signal?: AbortSignal) => {
    const target = adapter(resource);
    return target.getMany ? target.getMany(ids, signal) : Promise.all(ids.map((id) => target.getOne(id, signal)));
  };
  const update = (resource: string, id: Identifier, data: Record<string, unknown>) => {
    const target = adapter(resource);
    if (!target.update) throw unsupported(resource, '修改');
    return target.update(id, data);
  };
  const remove = async (resource: string, id: Identifier) => {
    const target = adapter(resource);
    if (!target.delete) throw unsupported(resource, '删除');
    await target.delete(id);
  };

  return {
    supportAbortSignal: true,
    async getList(resource, params) {
      const { data, total } = await adapter(resource).getList(params);
      return { data: asRecords(data), total };
    },
    async getOne(resource, params) {
      return { data: asRecord(await adapter(resource).getOne(params.id, params.signal)) };
    },
    async getMany(resource, params) {
      return { data: asRecords(await getMany(resource, params.ids, params.signal)) };
    },
    async getManyReference(resource, params) {
      const { data, total } = await adapter(resource).getList({
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      });
      return { data: asRecords(data), total };
    },
    async create(resource, params) {
      const target = adapter(resource);
      if (!target.create) throw unsupported(resource, '新建');
      return { data: asRecord(await target.create(params.data)) };
    },
    async update(resource, params) {
      return { data: asRecord(await update(resource, params.id, params.data)) };
    },
    async updateMany(resource, params) {
      const target = adapter(resource);
      if (target.updateMany) await target.updateMany(params.ids, params.data);
      else await Promise.all(params.ids.map((id) => update(resource, id, params.data)));
      return { data: params.ids };
    },
    async delete(resource, params) {
      await remove(resource, params.id);
      return { data: asRecord(params.previousData ?? { id: params.id }) };
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => remove(resource, id)));
      return { data: params.ids };
    },
  };
};
