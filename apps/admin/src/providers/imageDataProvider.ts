import {
  api,
  type CallResult,
  type ConsoleRole,
  type HttpClient,
  IMAGE_UPDATABLE_FIELDS,
  type ImageInsertInput,
  type ImageMessage,
  type ImageSortId,
  type ImageUpdateInput,
} from '@lianmeng/core';
import type { DataProvider, Identifier } from 'react-admin';
import { refusal } from './serverErrors';

const unwrap = <T>(result: CallResult<T>): T => {
  if (!result.ok) throw refusal(result.message, result.status);
  return result.data;
};

/** The fields an update may change that the form holds; `id` travels beside them, read-only fields stay home. */
const pick = (data: Partial<ImageMessage>): Omit<ImageUpdateInput, 'id'> =>
  Object.fromEntries(
    IMAGE_UPDATABLE_FIELDS.filter((field) => data[field] !== undefined).map((field) => [field, data[field]]),
  );

export interface ImageFilter {
  isOpen?: 0 | 1;
  photoTitle?: string;
}

export interface ImageDataProvider extends DataProvider {
  /** Removes every item of the sort (imageSortClear); answers how many went. */
  clearSort(): Promise<{ removed: number }>;
}

/**
 * One image sort (banners 2, partners 3) onto the spec's /lianmeng/img calls. Staff send only `id` and
 * `isOpen`; the server refuses anything else from them anyway.
 */
export const createImageDataProvider = (
  http: HttpClient,
  belongSortid: ImageSortId,
  currentRole: () => ConsoleRole | undefined,
): ImageDataProvider => {
  const searchOne = async (id: Identifier) =>
    unwrap(await http.call(api.img.searchOne, { query: { id: String(id) } })) as ImageMessage;

  const update = async (id: Identifier, data: Partial<ImageMessage>) => {
    const body: ImageUpdateInput =
      currentRole() === 'staff' ? { id: Number(id), isOpen: data.isOpen } : { ...pick(data), id: Number(id) };
    return unwrap(await http.call(api.img.update, { body })) as ImageMessage;
  };
  const remove = async (id: Identifier) => unwrap(await http.call(api.img.delete, { query: { id: String(id) } }));

  return {
    async getList(_resource, params) {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
      const filter = (params.filter ?? {}) as ImageFilter;
      const body: Record<string, unknown> = { belongSortid };
      if (filter.isOpen === 0 || filter.isOpen === 1) body.isOpen = filter.isOpen;
      if (filter.photoTitle?.trim()) body.photoTitle = filter.photoTitle.trim();
      const result = unwrap(
        await http.call(api.img.search, { query: { pageNum: page, pageSize: perPage }, body, signal: params.signal }),
      );
      return { data: result.seachList as never[], total: result.total };
    },
    async getOne(_resource, params) {
      return { data: (await searchOne(params.id)) as never };
    },
    async getMany(_resource, params) {
      return { data: (await Promise.all(params.ids.map(searchOne))) as never[] };
    },
    async getManyReference(resource, params) {
      return this.getList(resource, params);
    },
    async create(_resource, params) {
      const body = { ...pick(params.data as Partial<ImageMessage>), belongSortid } as ImageInsertInput;
      const image = unwrap(await http.call(api.img.insert, { body }));
      return { data: image as never };
    },
    async update(_resource, params) {
      return { data: (await update(params.id, params.data as Partial<ImageMessage>)) as never };
    },
    async updateMany(_resource, params) {
      await Promise.all(params.ids.map((id) => update(id, params.data as Partial<ImageMessage>)));
      return { data: params.ids };
    },
    async delete(_resource, params) {
      await remove(params.id);
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    async deleteMany(_resource, params) {
      await Promise.all(params.ids.map(remove));
      return { data: params.ids };
    },
    async clearSort() {
      const result = unwrap(await http.call(api.img.sortClear, { query: { belongSortid: String(belongSortid) } }));
      return { removed: result.removed };
    },
  };
};
