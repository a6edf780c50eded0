// i18next over the same locale files the server and domain use; the language lives in the `language` cookie (zh default).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_RESOURCES, toLang, type Lang } from '../../domain/i18n';
import { LANGUAGE_COOKIE, readCookie, writeCookie } from './cookies';

export { LANGUAGE_COOKIE };

export function storedLang(): Lang {
  return toLang(readCookie(LANGUAGE_COOKIE));
}

export async function initI18n(lang: Lang = storedLang()) {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'zh',
    resources: {
      zh: { translation: LOCALE_RESOURCES.zh },
      en: { translation: LOCALE_RESOURCES.en },
    },
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = lang;
  return i18next;
}

export async function switchLang(lang: Lang): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}
