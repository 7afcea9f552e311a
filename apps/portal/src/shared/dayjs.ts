import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// antd's date pickers take their month and weekday names from dayjs's global locale, not from ConfigProvider:
// every module with a date picker takes dayjs from here, so none of them shows English names.
dayjs.locale('zh-cn');

export { dayjs };
