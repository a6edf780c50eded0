// A refusal of an uploaded file as a whole, raised from deep in its reading (the archive, the XML, the rows) and
// answered as the import's `refused` result with the message's key.
import type { LocaleKey, LocaleValues } from '../../domain/i18n';

export class FileRefused extends Error {
  constructor(
    readonly key: LocaleKey,
    readonly params?: LocaleValues,
  ) {
    super(key);
    this.name = 'FileRefused';
  }
}

/** The file is no workbook we can read: not a zip, a damaged or lying one, XML that is not well formed. */
export const unreadable = (): FileRefused => new FileRefused('entityTransfer.fileProblem.unreadable');
