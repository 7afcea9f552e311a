import { CONSOLE_API_PREFIX, type ConsoleRole, type HttpClient, IMAGE_SORT } from '@lianmeng/core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { consoleHttp } from './http';
import { createImageDataProvider, type ImageDataProvider } from './imageDataProvider';
import { restHttpClient } from './restClient';

export interface ConsoleDataProvider extends DataProvider {
  clearSort(resource: string): Promise<{ removed: number }>;
}

/** One data provider routing by resource: the two image sorts onto the spec's calls, the rest onto REST. */
export const createDataProvider = (
  currentRole: () => ConsoleRole | undefined,
  http: HttpClient = consoleHttp,
  restClient = restHttpClient,
): ConsoleDataProvider => {
  const images: Record<string, ImageDataProvider> = {
    banners: createImageDataProvider(http, IMAGE_SORT.banner, currentRole),
    partners: createImageDataProvider(http, IMAGE_SORT.partner, currentRole),
  };
  const rest = simpleRestProvider(CONSOLE_API_PREFIX, restClient);
  const route = (resource: string): DataProvider => images[resource] ?? rest;

  return {
    getList: (resource, params) => route(resource).getList(resource, params),
    getOne: (resource, params) => route(resource).getOne(resource, params),
    getMany: (resource, params) => route(resource).getMany(resource, params),
    getManyReference: (resource, params) => route(resource).getManyReference(resource, params),
    create: (resource, params) => route(resource).create(resource, params),
    update: (resource, params) => route(resource).update(resource, params),
    updateMany: (resource, params) => route(resource).updateMany(resource, params),
    delete: (resource, params) => route(resource).delete(resource, params),
    deleteMany: (resource, params) => route(resource).deleteMany(resource, params),
    clearSort: async (resource) => {
      const provider = images[resource];
      if (!provider) throw new Error(`${resource} has no sort to clear`);
      return provider.clearSort();
    },
  };
};
