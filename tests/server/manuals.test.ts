// The manuals' sources: every listed section written in zh and en with one title, every screenshot on disk and shown.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../domain/i18n';
import { MANUAL_IDS } from '../../domain/shell/downloads';
import { MANUAL_SECTIONS, MANUAL_SECTIONS_DIR } from '../../server/manuals/manuals';
import { renderManual, sectionFileName, sectionTitle } from '../../server/manuals/render';
import { MANUAL_IMAGES_DIR, MANUAL_SHOTS, manualImageName, resolveManualImage } from '../../server/manuals/shots';

const readSection = (file: string) => fs.readFileSync(path.join(MANUAL_SECTIONS_DIR, file), 'utf8');
const allSectionIds = [...new Set(MANUAL_IDS.flatMap((manual) => MANUAL_SECTIONS[manual]))];

describe('manual sources', () => {
  it('has a zh and an en file with exactly one <h2> title for every section a manual lists', () => {
    for (const id of allSectionIds) {
      for (const lang of LANGS) {
        const html = readSection(sectionFileName(id, lang));
        expect(html.match(/<h2[\s>]/g)?.length, sectionFileName(id, lang)).toBe(1);
        expect(sectionTitle(html), sectionFileName(id, lang)).toMatch(/\S/);
      }
    }
  });

  it('keeps no section file that no manual lists', () => {
    const listed = new Set(allSectionIds.flatMap((id) => LANGS.map((lang) => sectionFileName(id, lang))));
    expect(fs.readdirSync(MANUAL_SECTIONS_DIR).filter((file) => !listed.has(file))).toEqual([]);
  });

  it('lists no section twice in one manual', () => {
    for (const manual of MANUAL_IDS) expect(new Set(MANUAL_SECTIONS[manual]).size, manual).toBe(MANUAL_SECTIONS[manual].length);
  });

  it('has every shot on disk in both languages, and shows each in some manual', async () => {
    const pages = await Promise.all(MANUAL_IDS.flatMap((manual) => LANGS.map((lang) => renderManual(manual, lang))));
    const shown = new Set(pages.flatMap((html) => [...html.matchAll(/src="images\/([^"]+)"/g)].map((m) => m[1])));
    for (const shot of MANUAL_SHOTS) {
      for (const lang of LANGS) {
        const name = manualImageName(shot, lang);
        expect(fs.existsSync(path.join(MANUAL_IMAGES_DIR, name)), name).toBe(true);
        expect(shown.has(name), `${name} is in no manual`).toBe(true);
      }
    }
  });

  it('keeps no image the shot list does not name, so the folder holds only what the server may serve', () => {
    expect(fs.readdirSync(MANUAL_IMAGES_DIR).filter((file) => !resolveManualImage(file))).toEqual([]);
  });
});
