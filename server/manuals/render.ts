// Assembles a manual page from its section files: title, link to the other language, contents, sections, the stylesheet.
import fs from 'node:fs/promises';
import path from 'node:path';
import { LANGS, translate, type Lang } from '../../domain/i18n';
import { DOWNLOADS, manualPageName, type ManualId } from '../../domain/shell/downloads';
import { MANUAL_SECTIONS, MANUAL_SECTIONS_DIR } from './manuals';

const STYLESHEET = path.resolve(import.meta.dirname, 'manual.css');

interface ManualSection {
  readonly id: string;
  readonly title: string;
  readonly html: string;
}

/** A section file's name: `login.zh.html`. */
export function sectionFileName(id: string, lang: Lang): string {
  return `${id}.${lang}.html`;
}

/** The text of a section's one `<h2>`, tags removed: its entry in the contents. */
export function sectionTitle(html: string): string | undefined {
  return /<h2[^>]*>([\s\S]*?)<\/h2>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '').trim();
}

async function readSections(manual: ManualId, lang: Lang): Promise<ManualSection[]> {
  return Promise.all(
    MANUAL_SECTIONS[manual].map(async (id) => {
      const html = (await fs.readFile(path.join(MANUAL_SECTIONS_DIR, sectionFileName(id, lang)), 'utf8')).trim();
      const title = sectionTitle(html);
      if (!title) throw new Error(`manual section ${sectionFileName(id, lang)} has no <h2> title`);
      return { id, title, html };
    }),
  );
}

function labelOf(manual: ManualId, lang: Lang): string {
  const entry = DOWNLOADS.find((d) => d.kind === 'manual' && d.manual === manual);
  return entry ? translate(lang, entry.labelKey) : manual;
}

/** The whole page. No script at all: the server's content policy allows none inline, and a manual needs none. */
export async function renderManual(manual: ManualId, lang: Lang): Promise<string> {
  const [sections, css] = await Promise.all([readSections(manual, lang), fs.readFile(STYLESHEET, 'utf8')]);
  const title = labelOf(manual, lang);
  const app = translate(lang, 'app.title');
  const other = LANGS.find((l) => l !== lang) ?? lang;
  const contents = sections.map((s) => `<li><a href="#${s.id}">${s.title}</a></li>`).join('\n');
  const body = sections.map((s) => `<section id="${s.id}">\n${s.html}\n</section>`).join('\n\n');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${app}</title>
<style>
${css.trim()}
</style>
</head>
<body>
<header class="manual-head">
<p class="manual-head__app">${app}</p>
<h1>${title}</h1>
<a class="manual-head__lang" href="${manualPageName(manual, other)}" hreflang="${other}" lang="${other}">${translate(other, `lang.${other}`)}</a>
</header>
<nav class="manual-toc" aria-labelledby="manual-toc">
<h2 id="manual-toc">${translate(lang, 'manual.contents')}</h2>
<ol>
${contents}
</ol>
</nav>
<main>
${body}
</main>
</body>
</html>
`;
}
