// Locale keys typed from zh.json, and a plain translator for code that runs without i18next (server, worker, domain formatters).
// The texts themselves are handed in (provideLocaleTexts): the server and its export threads take both languages at
// once (domain/locale-texts.ts), the console fetches only the one it shows, which halves the texts a first visit downloads.
import type zh from '../locales/zh.json';

export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];
const DEFAULT_LANG: Lang = 'zh';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every dotted key of the Chinese locale file, e.g. `login.codeRequired`. */
export type LocaleKey = Leaves<typeof zh>;

export type LocaleValues = Readonly<Record<string, string | number>>;

/** A text not yet rendered: the key and its interpolation values. */
export interface LocalizedText {
  readonly key: LocaleKey;
  readonly values?: LocaleValues;
}

export interface LocaleTree {
  readonly [key: string]: string | LocaleTree;
}

const texts: Partial<Record<Lang, LocaleTree>> = {};

/** Gives `translate` a language's texts. */
export function provideLocaleTexts(lang: Lang, tree: LocaleTree): void {
  texts[lang] = tree;
}

/** Whether `translate` has the language's texts yet. */
export function hasLocaleTexts(lang: Lang): boolean {
  return texts[lang] !== undefined;
}

function isLang(value: unknown): value is Lang {
  return value === 'zh' || value === 'en';
}

/** Reads a cookie or header value as a language, falling back to the default (zh). */
export function toLang(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}

function lookup(tree: LocaleTree, key: string): string | undefined {
  let node: string | LocaleTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Renders a key with i18next's `{{name}}` interpolation; a missing key, or a language whose texts were not provided,
 * renders as the key itself so it shows up in review.
 */
export function translate(lang: Lang, key: LocaleKey, values?: LocaleValues): string {
  const tree = texts[lang];
  const template = (tree && lookup(tree, key)) ?? key;
  if (!values) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export function render(lang: Lang, text: LocalizedText): string {
  return translate(lang, text.key, text.values);
}
