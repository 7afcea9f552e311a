import { CONSOLE_API_PREFIX, type ConsoleRole, IMAGE_SORT } from '@lianmeng/core';
import { type HttpInstance, httpClientOver } from '@lianmeng/core/http';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import { consoleAxios } from './http';
import { createImageResource, type ImageResource } from './imageResources';
import { toDataProvider } from './resourceAdapter';
import { restHttpClient } from './restHttpClient';

export interface ConsoleDataProvider extends DataProvider {
  clearSort(resource: string): Promise<{ removed: number }>;
  reorder(resource: string, ids: Identifier[]): Promise<void>;
}

/**
 * The console's one data provider, on the console's axios instance: the two image sorts onto the
 * /lianmeng/img calls, every other resource (articles, accounts, the audit log, the site settings and any
 * resource added under the console API) through ra-data-simple-rest.
 */
export const createDataProvider = (
  currentRole: () => ConsoleRole | undefined,
  instance: HttpInstance = consoleAxios,
): ConsoleDataProvider => {
  const http = httpClientOver(instance);
  const images: Record<string, ImageResource> = {
    banners: createImageResource(http, IMAGE_SORT.banner, currentRole),
    partners: createImageResource(http, IMAGE_SORT.partner, currentRole),
  };
  const imageProvider = toDataProvider(images);
  const rest = simpleRestProvider(CONSOLE_API_PREFIX, restHttpClient(instance));
  const route = (resource: string) => (Object.hasOwn(images, resource) ? imageProvider : rest);
  const sortOf = (resource: string, action: string) => {
    const sort = images[resource];
    if (!sort) throw new Error(`${resource} has no ${action}`);
    return sort;
  };

  return {
    supportAbortSignal: true,
    getList: (resource, params) => route(resource).getList(resource, params),
    getOne: (resource, params) => route(resource).getOne(resource, params),
    getMany: (resource, params) => route(resource).getMany(resource, params),
    getManyReference: (resource, params) => route(resource).getManyReference(resource, params),
    create: (resource, params) => route(resource).create(resource, params),
    update: (resource, params) => route(resource).update(resource, params),
    updateMany: (resource, params) => route(resource).updateMany(resource, params),
    delete: (resource, params) => route(resource).delete(resource, params),
    deleteMany: (resource, params) => route(resource).deleteMany(resource, params),
    clearSort: async (resource) => sortOf(resource, 'sort to clear').clearSort(),
    reorder: async (resource, ids) => sortOf(resource, 'order').reorder(ids),
  };
};
