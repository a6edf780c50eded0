// Both languages' texts, given to `translate` as this module loads: the server answers each caller in the language of
// its cookie, and an export thread writes a sheet in the job's. The console loads one language at a time instead
// (src/app/i18n.ts); a screen that names a field in both languages (the parameter file) imports this with its chunk.
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import { provideLocaleTexts, type Lang, type LocaleTree } from './i18n';

const LOCALE_RESOURCES: Readonly<Record<Lang, LocaleTree>> = { zh, en };

for (const [lang, tree] of Object.entries(LOCALE_RESOURCES) as [Lang, LocaleTree][]) provideLocaleTexts(lang, tree);
