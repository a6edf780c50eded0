// Both languages' texts, given to `translate` as this module loads: the server and the live worker format in either
// language (a user's cookie, a tab's choice) and ship no bundle a visitor waits for. The console loads one language at a
// time instead (src/app/i18n.ts).
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import { provideLocaleTexts, type Lang, type LocaleTree } from './i18n';

const LOCALE_RESOURCES: Readonly<Record<Lang, LocaleTree>> = { zh, en };

for (const [lang, tree] of Object.entries(LOCALE_RESOURCES) as [Lang, LocaleTree][]) provideLocaleTexts(lang, tree);
