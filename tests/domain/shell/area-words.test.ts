// The area words the console translates are the locale files' own, in both languages.
import { describe, expect, it } from 'vitest';
import { AREA_WORDS, areaText } from '../../../domain/shell/area-words';
import { LANGS, translate } from '../../../domain/i18n';

describe('the area words of a login', () => {
  it("lists each of the server's words in both languages, as the locale files have them", () => {
    for (const key of ['server.areaLocal', 'server.areaUnknown'] as const) {
      for (const lang of LANGS) expect(AREA_WORDS[translate(lang, key)]).toBe(key);
    }
    expect(Object.keys(AREA_WORDS)).toHaveLength(4);
  });

  it('shows our words in the language asked, and any other area as it came', () => {
    expect(areaText('本地网络', 'en', translate)).toBe('Local network');
    expect(areaText('Unknown area', 'zh', translate)).toBe('未知地区');
    expect(areaText('上海市', 'en', translate)).toBe('上海市');
  });
});
