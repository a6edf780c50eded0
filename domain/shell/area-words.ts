// Our server's words for an address it cannot place (server/routes/area.ts): a login keeps its area as text, in the
// language of that login, so a last login made in Chinese would read 本地网络 on an English screen. The console shows
// these words in its own language; any other area (a legacy backend's place names) is shown as it came.
import type { Lang, LocaleKey } from '../i18n';

/**
 * The words as both locale files have them: the console holds only the shown language's texts, so it cannot look the
 * other one up (tests/domain/shell/area-words.test.ts keeps this table and the locale files the same).
 */
export const AREA_WORDS: Readonly<Record<string, LocaleKey>> = {
  本地网络: 'server.areaLocal',
  'Local network': 'server.areaLocal',
  未知地区: 'server.areaUnknown',
  'Unknown area': 'server.areaUnknown',
};

/** A stored area in this language when it is one of our words, else as it came. */
export function areaText(area: string, lang: Lang, translate: (lang: Lang, key: LocaleKey) => string): string {
  const key = AREA_WORDS[area.trim()];
  return key ? translate(lang, key) : area;
}
