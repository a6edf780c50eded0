// The import and export calls of a master-data screen: the export form of spec params §7 (the applied search, the
// list's columns and headers, language, file name) saved through the report export's download, the template the same
// way, and the upload of a filled template with its progress (src/api/upload-progress.ts).
import type { TFunction } from 'i18next';
import type { Answer } from '../../../../domain/wire/answer';
import { uploadWithProgress } from '../../../api/upload-progress';
import { downloadExport, type ExportProgress } from '../../../api/export-download';
import { formatDate } from '../../../../domain/format/time';
import type { Lang } from '../../../../domain/i18n';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import {
  isImportDone, isImportRefusal, transferCallPath, XLSX_TYPE, type ImportRefusal,
} from '../../../../domain/screens/entities/transfer';
import { tabTitleKey } from '../../../../domain/shell/titles';
import { entityColumns } from './entity-columns';
import { entityQuery, type EntityFilters } from './entity-filters';
import { companyNames } from './entity-values';

const NO_NAMES = companyNames([]);

/** `加油站_20261122093000.xlsx`: the screen's title and the time, as a report export's name. */
function fileNameOf(def: EntityDef, t: TFunction, suffix = ''): string {
  return `${t(tabTitleKey(def.path))}${suffix}_${formatDate(Date.now(), 'yyyyMMddHHmmss')}.xlsx`;
}

/** The export call's form: the search's non-empty fields, then the list's headers and fields, language and fileName. */
export function entityExportForm(def: EntityDef, filters: EntityFilters, t: TFunction, lang: Lang, fileName: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(entityQuery(def, filters, 1, 1, def.sort))) {
    if (key === 'page' || key === 'size') continue;
    form[key] = String(value);
  }
  const { columns, headers } = entityColumns(def, NO_NAMES, t);
  form['headers'] = headers.join(',');
  form['fields'] = columns.map((column) => column.key).join(',');
  form['language'] = lang;
  form['fileName'] = fileName;
  return form;
}

/** Downloads the list as the search applied shows it; false (silently, as the spec says) when it failed. */
export function exportEntities(def: EntityDef, filters: EntityFilters, t: TFunction, lang: Lang, onProgress: (progress: ExportProgress) => void): Promise<boolean> {
  const fileName = fileNameOf(def, t);
  return downloadExport(transferCallPath(def, 'export'), entityExportForm(def, filters, t, lang, fileName), fileName, onProgress);
}

/** Downloads the screen's import template in the console's language. */
export function downloadTemplate(def: EntityDef, t: TFunction, lang: Lang): Promise<boolean> {
  const fileName = `${t('entityTransfer.templateFile', { name: t(tabTitleKey(def.path)) })}.xlsx`;
  // A template is written at once: it never waits in the export queue.
  return downloadExport(transferCallPath(def, 'template'), { language: lang, fileName }, fileName, () => undefined, { queued: false });
}

export type ImportOutcome =
  | { readonly kind: 'imported'; readonly count: number }
  /** Refused: the server's message, and the rows' problems when the rows were the reason. */
  | { readonly kind: 'refused'; readonly message: string; readonly refusal: ImportRefusal | undefined }
  /** No answer to read: the network, or the server failed. */
  | { readonly kind: 'failed'; readonly transport: 'http500' | 'other' };

function outcomeOf(answer: Answer<unknown>): ImportOutcome {
  if (answer.kind === 'data') return isImportDone(answer.data) ? { kind: 'imported', count: answer.data.imported } : { kind: 'failed', transport: 'other' };
  if (answer.kind === 'refused') return { kind: 'refused', message: answer.message, refusal: isImportRefusal(answer.data) ? answer.data : undefined };
  return { kind: 'failed', transport: answer.failure === 'http500' ? 'http500' : 'other' };
}

/** Uploads a filled template; `onSent` follows the upload (0…1), and the answer comes once the server has checked every row. */
export async function uploadImport(def: EntityDef, file: Blob, onSent: (fraction: number) => void): Promise<ImportOutcome> {
  return outcomeOf(await uploadWithProgress('POST', transferCallPath(def, 'import'), file, XLSX_TYPE, onSent));
}
