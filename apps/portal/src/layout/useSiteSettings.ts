import { api } from '@lianmeng/core';
import { useCall } from '../shared/useCall';

const NO_INPUT = {};

/** Hotline, copyright and filing numbers: site settings, never literals (PRODUCT.md). */
export const useSiteSettings = () => useCall(api.site.settings, NO_INPUT).data;
