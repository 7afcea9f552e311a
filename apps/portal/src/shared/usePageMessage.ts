import { message } from 'antd';

/**
 * A page's own antd message host: `[api, host]`, with `host` rendered in the page. Not antd's static
 * `message`: this one takes the site's theme from the page, and it goes with the page, so no closing timer of
 * a page that has gone renders later into a root nobody owns.
 */
export const usePageMessage = () => message.useMessage();
