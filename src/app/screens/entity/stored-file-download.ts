// "下载/Download" of a row's stored file (an upgrade file, a tank table): read with GET /entity<path>/:key/file and
// saved under the name it was uploaded with, byte for byte.
import { saveBlob } from '../../../api/export-download';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import type { EntityRow, StoredFile } from '../../../../domain/screens/entities/wire';
import { reportFailure } from '../../reactions';
import { fetchStoredFile } from './entity-calls';

function blobOf(file: StoredFile): Blob {
  if (file.encoding === 'text') return new Blob([file.content], { type: 'text/plain;charset=utf-8' });
  const binary = atob(file.content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: 'application/octet-stream' });
}

export async function downloadStoredFile(def: EntityDef, row: EntityRow): Promise<void> {
  try {
    const file = await fetchStoredFile(def, row.key);
    saveBlob(blobOf(file), file.name || `${row.key}`);
  } catch (error) {
    reportFailure(error);
  }
}
