import { type ConsoleRole, IMAGE_SORT } from '@lianmeng/core';
import type { HttpClient } from '@lianmeng/core/http';
import type { DataProvider, Identifier } from 'react-admin';
import { consoleHttp } from './http';
import { createImageResource, type ImageResource } from './imageResources';
import { toDataProvider } from './resourceAdapter';
import { createRestResources } from './restResources';

export interface ConsoleDataProvider extends DataProvider {
  clearSort(resource: string): Promise<{ removed: number }>;
  reorder(resource: string, ids: Identifier[]): Promise<void>;
}

/**
 * The console's one data provider, on core's http client: the two image sorts onto the /lianmeng/img calls,
 * articles, accounts, the audit log and the site settings onto the console API, every call from the contract.
 */
export const createDataProvider = (
  currentRole: () => ConsoleRole | undefined,
  http: HttpClient = consoleHttp,
): ConsoleDataProvider => {
  const images: Record<string, ImageResource> = {
    banners: createImageResource(http, IMAGE_SORT.banner, currentRole),
    partners: createImageResource(http, IMAGE_SORT.partner, currentRole),
  };
  return {
    ...toDataProvider({ ...images, ...createRestResources(http) }),
    clearSort: async (resource) => {
      const sort = images[resource];
      if (!sort) throw new Error(`${resource} has no sort to clear`);
      return sort.clearSort();
    },
    reorder: async (resource, ids) => {
      const sort = images[resource];
      if (!sort) throw new Error(`${resource} has no order`);
      return sort.reorder(ids);
    },
  };
};
