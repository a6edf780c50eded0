// i18next over the same locale files the server and domain use; the language lives in the `language` cookie (zh default).
// Only the language shown is fetched (each is half the console's texts); another is fetched when the user switches.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { hasLocaleTexts, LANGS, provideLocaleTexts, toLang, type Lang, type LocaleTree } from '../../domain/i18n';
import { LANGUAGE_COOKIE, readCookie, writeCookie } from './cookies';

export { LANGUAGE_COOKIE };

const LOCALE_FILES: Readonly<Record<Lang, () => Promise<{ readonly default: LocaleTree }>>> = {
  zh: () => import('../../locales/zh.json'),
  en: () => import('../../locales/en.json'),
};

export function storedLang(): Lang {
  return toLang(readCookie(LANGUAGE_COOKIE));
}

/** Fetches a language's texts once, for i18next and for the domain's formatters alike. */
async function loadLang(lang: Lang): Promise<void> {
  if (!hasLocaleTexts(lang)) provideLocaleTexts(lang, await texts(lang));
  if (i18next.isInitialized && !i18next.hasResourceBundle(lang, 'translation')) i18next.addResourceBundle(lang, 'translation', await texts(lang));
}

async function texts(lang: Lang): Promise<LocaleTree> {
  return (await LOCALE_FILES[lang]()).default;
}

export async function initI18n(lang: Lang = storedLang()) {
  if (!hasLocaleTexts(lang)) provideLocaleTexts(lang, await texts(lang));
  // The language shown, and any other whose texts are here already (a test's setup provides both).
  const loaded = await Promise.all(LANGS.filter(hasLocaleTexts).map(async (held) => [held, { translation: await texts(held) }] as const));
  await i18next.use(initReactI18next).init({
    lng: lang,
    // Both files hold every key (a test compares them), so no language falls back on another.
    fallbackLng: false,
    resources: Object.fromEntries(loaded),
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = lang;
  return i18next;
}

export async function switchLang(lang: Lang): Promise<void> {
  await loadLang(lang);
  writeCookie(LANGUAGE_COOKIE, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}
