/** The id of the JSON block that carries the server's loader data into the page, read before hydration. */
export const HYDRATION_ELEMENT_ID = 'lianmeng-hydration';
