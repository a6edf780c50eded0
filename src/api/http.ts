// The shared HTTP client's transport (shell spec §7): base path, header-id, 100 s timeout, cookies, form-encoded POSTs.
import { API_BASE } from '../../workers/backend-address';
import type { HttpMethod } from '../../domain/wire/calls';
import { REQUEST_TIMEOUT_MS } from '../../domain/constants';
import { judgeAnswer, type Answer } from '../../domain/wire/answer';

export type Params = Readonly<Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>>;

export const HEADER_ID_KEY = 'header-id';

function encode(params: Params | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    out.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return out;
}

export interface RequestOptions {
  readonly query?: Params;
  readonly body?: Params;
  /** Sent as JSON instead of a form (the few calls whose body holds a list of objects). */
  readonly json?: unknown;
  /** A base other than the shared client's, e.g. '' for the host-root calls. */
  readonly base?: string;
  /** A file sent as it is (an uploaded photo), with its own type; the server judges the bytes. */
  readonly file?: Blob;
}

/** Sends one call and resolves to its judged answer; a failed transport is an answer too, never a rejection. */
export async function requestAnswer<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  const query = encode(options.query).toString();
  const url = `${options.base ?? API_BASE}${path}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {};
  // Shared by every tab: one login serves the whole console (see app/session/session-storage.ts).
  const headerId = localStorage.getItem(HEADER_ID_KEY);
  if (headerId) headers[HEADER_ID_KEY] = headerId;
  let body: URLSearchParams | string | Blob | undefined;
  if (options.file !== undefined) {
    body = options.file;
    headers['content-type'] = options.file.type || 'application/octet-stream';
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.body !== undefined) {
    body = encode(options.body);
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return { kind: 'transport', failure: error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'network' };
  }
  return judgeAnswer<T>(response);
}
