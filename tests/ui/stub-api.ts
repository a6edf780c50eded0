// A server in memory behind a stubbed fetch, for screen tests whose real client judges the answers: each call below
// the API base is recorded (method, path, form or query) and answered by the test's handler with an envelope.
import { vi } from 'vitest';

export interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  /** A JSON body as sent (the calls declared `body: 'json'`); undefined for a form or none. */
  readonly json?: unknown;
}

const BASE = '/truckmanage/api';

/** The contract's envelope as a JSON answer. */
export const envelope = (resultCode: number, data: unknown, message = resultCode === 200 ? 'success' : 'refused') =>
  new Response(JSON.stringify({ resultCode, message, data }), { headers: { 'content-type': 'application/json' } });

type Handler = (method: string, path: string, params: Record<string, string>) => Response;

/** Stubs the global fetch with `handle`; the returned list fills with every call made. */
export function stubApi(handle: Handler): Recorded[] {
  const calls: Recorded[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://console.test');
    const method = init.method ?? 'GET';
    const path = url.pathname.slice(BASE.length);
    const isJson = new Headers(init.headers).get('content-type') === 'application/json';
    const params = Object.fromEntries(method === 'GET' || isJson ? url.searchParams : new URLSearchParams(String(init.body ?? '')));
    calls.push(isJson ? { method, path, params, json: JSON.parse(String(init.body)) } : { method, path, params });
    return handle(method, path, params);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
