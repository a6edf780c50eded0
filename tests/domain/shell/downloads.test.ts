// The user menu's downloads: who gets which link, the manual page in the user's language, and the names the server knows.
import { describe, expect, it } from 'vitest';
import { downloadName, downloadsFor, resolveDownload } from '../../../domain/shell/downloads';

const names = (waterTruckUser: boolean, lang: 'zh' | 'en') => downloadsFor(waterTruckUser).map((d) => downloadName(d, lang));

describe('downloads', () => {
  it('gives water-truck users the water-truck manual instead of the video, card and fuel manual links', () => {
    expect(names(true, 'zh')).toEqual(['water-truck-manual.zh.html']);
    expect(names(false, 'zh')).toEqual(['video-software.txt', 'card-plugin.txt', 'operation-manual.zh.html']);
  });

  it('links the manual of the current language and the files whatever the language', () => {
    expect(names(false, 'en')).toEqual(['video-software.txt', 'card-plugin.txt', 'operation-manual.en.html']);
    expect(names(true, 'en')).toEqual(['water-truck-manual.en.html']);
  });

  it('resolves every linked name back to its entry, a manual with its language', () => {
    expect(resolveDownload('card-plugin.txt')).toMatchObject({ kind: 'file', download: { labelKey: 'user.cardPlugin' } });
    expect(resolveDownload('operation-manual.en.html')).toMatchObject({ kind: 'manual', lang: 'en', download: { manual: 'operation' } });
    expect(resolveDownload('water-truck-manual.zh.html')).toMatchObject({ kind: 'manual', lang: 'zh', download: { manual: 'water-truck' } });
  });

  it('knows no other name: other languages, the old single-file manual, paths', () => {
    for (const name of ['operation-manual.fr.html', 'operation-manual.html', 'operation-manual.zh.html/..', '../package.json', 'operation']) {
      expect(resolveDownload(name), name).toBeUndefined();
    }
  });
});
