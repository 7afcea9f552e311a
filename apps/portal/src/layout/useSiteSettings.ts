import { useRouteLoaderData } from 'react-router-dom';
import type { layoutLoader } from '../app/loaders';
import { LAYOUT_ROUTE_ID } from './layoutCalls';

/**
 * Hotline, copyright, filing numbers, the certification address: site settings, never literals. The layout
 * route's loader fetched them; null when they could not be read.
 */
export const useSiteSettings = () => {
  const settings = useRouteLoaderData<typeof layoutLoader>(LAYOUT_ROUTE_ID)?.settings;
  return settings?.ok ? settings.data : null;
};
