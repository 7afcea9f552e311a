export { HYDRATION_ELEMENT_ID } from '@lianmeng/core';
