import { api } from '@lianmeng/core';
import { useCall } from '../shared/useCall';
import { SITE_SETTINGS_INPUT } from './layoutCalls';

/** Hotline, copyright and filing numbers: site settings, never literals (PRODUCT.md). */
export const useSiteSettings = () => useCall(api.site.settings, SITE_SETTINGS_INPUT).data;
