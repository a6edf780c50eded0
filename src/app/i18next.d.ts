// Typed translation keys: `t('login.codeRequired')` checks against zh.json at compile time.
import type zh from '../../locales/zh.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zh };
  }
}
