import polyglotI18nProvider from 'ra-i18n-polyglot';
import { zhCN } from './zhCN';

export const i18nProvider = polyglotI18nProvider(() => zhCN, 'zh-CN', [{ locale: 'zh-CN', name: '简体中文' }], {
  allowMissing: false,
});
