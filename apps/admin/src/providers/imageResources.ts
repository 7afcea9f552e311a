import {
  api,
  type ConsoleRole,
  IMAGE_UPDATABLE_FIELDS,
  type ImageInsertInput,
  type ImageMessage,
  type ImageSortId,
  type ImageUpdateInput,
} from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import type { Identifier } from 'react-admin';
import { type ResourceAdapter, unwrap } from './resourceAdapter';
import { refusal } from './serverErrors';

/** The fields an update may change that the form holds; `id` travels beside them, read-only fields stay home. */
const updatable = (data: Partial<ImageMessage>): Omit<ImageUpdateInput, 'id'> =>
  Object.fromEntries(
    IMAGE_UPDATABLE_FIELDS.filter((field) => data[field] !== undefined).map((field) => [field, data[field]]),
  );

export interface ImageFilter {
  isOpen?: 0 | 1;
  photoTitle?: string;
}

export interface ImageResource extends ResourceAdapter {
  /** Removes every item of the sort (imageSortClear); answers how many went. */
  clearSort(): Promise<{ removed: number }>;
  /** Puts the given items in this order (imageMsgReorder); the sort's other items keep their places. */
  reorder(ids: Identifier[]): Promise<void>;
}

/**
 * One image sort (banners 2, partners 3) onto the /lianmeng/img calls. Staff send only `id` and `isOpen`;
 * the server refuses anything else from them anyway.
 */
export const createImageResource = (
  http: HttpClient,
  belongSortid: ImageSortId,
  currentRole: () => ConsoleRole | undefined,
): ImageResource => {
  const getOne = async (id: Identifier, signal?: AbortSignal) =>
    unwrap(await http.call(api.img.searchOne, { query: { id: String(id) }, signal }));
  const update = async (id: Identifier, data: Partial<ImageMessage>) => {
    const body: ImageUpdateInput =
      currentRole() === 'staff' ? { id: Number(id), isOpen: data.isOpen } : { ...updatable(data), id: Number(id) };
    return unwrap(await http.call(api.img.update, { body }));
  };

  return {
    async getList(params) {
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
      const filter = (params.filter ?? {}) as ImageFilter;
      const body: { belongSortid: ImageSortId; isOpen?: 0 | 1; photoTitle?: string } = { belongSortid };
      if (filter.isOpen === 0 || filter.isOpen === 1) body.isOpen = filter.isOpen;
      if (filter.photoTitle?.trim()) body.photoTitle = filter.photoTitle.trim();
      const result = unwrap(
        await http.call(api.img.search, { query: { pageNum: page, pageSize: perPage }, body, signal: params.signal }),
      );
      return { data: result.seachList, total: result.total };
    },
    getOne,
    async create(data) {
      // The form holds what the insert takes; the sort is the resource's, whatever the form says.
      const body = { ...updatable(data as Partial<ImageMessage>), belongSortid } as ImageInsertInput;
      return unwrap(await http.call(api.img.insert, { body }));
    },
    update: (id, data) => update(id, data as Partial<ImageMessage>),
    async updateMany(ids, data) {
      // Only the open switch changes in bulk, in one call that switches every item or none.
      if (data.isOpen !== 0 && data.isOpen !== 1) throw refusal('批量操作只能开放或关闭', 400);
      unwrap(await http.call(api.img.openMany, { body: { belongSortid, ids: ids.map(Number), isOpen: data.isOpen } }));
    },
    async delete(id) {
      unwrap(await http.call(api.img.delete, { query: { id: String(id) } }));
    },
    async clearSort() {
      const result = unwrap(await http.call(api.img.sortClear, { query: { belongSortid: String(belongSortid) } }));
      return { removed: result.removed };
    },
    async reorder(ids) {
      unwrap(await http.call(api.img.reorder, { body: { belongSortid, ids: ids.map(Number) } }));
    },
  };
};
