// The export download of spec params §7: POST the form, receive the binary file, save it under the file name. Failures
// are silent to the user as the spec says; they are counted and logged so an operator can still find them.
import { API_BASE } from '../config';
import { HEADER_ID_KEY } from './http';

export interface ExportProgress {
  readonly receivedBytes: number;
  /** From Content-Length when the server sent one; streamed workbooks have none. */
  readonly totalBytes: number | undefined;
}

let failures = 0;

/** How many exports failed in this tab (shown in the diagnostics). */
export function exportFailureCount(): number {
  return failures;
}

function fail(reason: unknown): false {
  failures += 1;
  console.warn('export failed', reason);
  return false;
}

/** Saves a blob as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task; keeping the URL longer only holds the memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Posts the export form and saves the answer; resolves false (silently) when anything failed. */
export async function downloadExport(
  path: string,
  form: Readonly<Record<string, string>>,
  fileName: string,
  onProgress: (progress: ExportProgress) => void,
): Promise<boolean> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' };
  const headerId = localStorage.getItem(HEADER_ID_KEY);
  if (headerId) headers[HEADER_ID_KEY] = headerId;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: new URLSearchParams(form), credentials: 'include' });
  } catch (error) {
    return fail(error);
  }
  const type = response.headers.get('content-type') ?? '';
  // A refused export answers an envelope (JSON), not a workbook.
  if (!response.ok || !type.includes('spreadsheetml') || !response.body) return fail(`status ${response.status} ${type}`);
  const length = Number(response.headers.get('content-length'));
  const totalBytes = Number.isFinite(length) && length > 0 ? length : undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let receivedBytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(new Uint8Array(value));
      receivedBytes += value.byteLength;
      onProgress({ receivedBytes, totalBytes });
    }
  } catch (error) {
    return fail(error);
  }
  saveBlob(new Blob(chunks, { type }), fileName);
  return true;
}
