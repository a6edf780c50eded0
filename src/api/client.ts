// The shared client: one typed call per CALLS entry; each answer judged by resultCode with the spec §8 reactions.
import { API_BASE, HOST_ROOT } from '../../workers/backend-address';
import type { LocaleKey } from '../../domain/i18n';
import { CALLS, resolveCall, type CallName, type CallRequest, type CallResponse, type HttpMethod } from '../../domain/wire/calls';
import { NOT_FOUND } from '../../domain/wire/envelope';
import { CHALLENGE_REQUIRED } from '../../domain/wire/login-challenge';
import type { Answer, TransportFailure } from '../../domain/wire/answer';
import { requestAnswer, type Params, type RequestOptions } from './http';

/** What the shell does for each reaction; installed once by the app, silent until then (tests, worker). */
export interface Reactions {
  /** 504: the session is gone; log out locally and reload. */
  sessionExpired(): void;
  /** 401: the 'access limit' alert with the server's message and a confirm button. */
  accessLimit(message: string): void;
  /** resultCode 500: the 'access error' alert. */
  accessError(message: string): void;
  /** Any other code: an error toast with the server's message. */
  errorToast(message: string): void;
  /** HTTP 500: the 'request failed' alert. */
  requestFailed(): void;
}

const SILENT: Reactions = {
  sessionExpired() {},
  accessLimit() {},
  accessError() {},
  errorToast() {},
  requestFailed() {},
};

let reactions: Reactions = SILENT;

export function setReactions(next: Reactions): () => void {
  reactions = next;
  return () => {
    if (reactions === next) reactions = SILENT;
  };
}

/** The 504 reaction, for answers read outside this client (an upload with its progress): log out and reload. */
export function sessionEnded(): void {
  reactions.sessionExpired();
}

/** A call that returned no data: the envelope's code and message, or the transport's failure. */
export class CallError extends Error {
  constructor(
    /** The server's message; empty for transport failures. */
    message: string,
    readonly resultCode: number | undefined,
    readonly transport: TransportFailure | undefined,
    /** The §8 reaction already told the user; callers show nothing more. */
    readonly shown: boolean,
    /** The HTTP status of an answer that was no envelope (transport `http`). */
    readonly httpStatus?: number,
    /** A refusal's data, when the server sent any: the field a rule refused, the current row of a stale save. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

export interface CallOptions {
  /**
   * The caller reports failures itself (login, logout, password change): only the 504 logout still runs,
   * every other failure comes back as a CallError without alert or toast.
   */
  readonly passBack?: boolean;
  /**
   * The call is one of our additions, which a legacy backend lacks: its "no such call" (resultCode 404) comes back as a
   * CallError without the toast, for the caller to tell apart with `isMissingCall`; every other answer reacts as usual.
   */
  readonly optional?: boolean;
  /**
   * The refusals (resultCodes) the caller shows itself, reading their data (a form puts a refused field's message under
   * it): they come back as a CallError with the envelope's data, without the toast; every other answer reacts as usual.
   */
  readonly passBackCodes?: readonly number[];
}

/**
 * The server answered and said no (an envelope's refusal, an HTTP 4xx), as opposed to not being reached or failing
 * (no network, a timeout, HTTP 5xx, a proxy's page instead of an envelope), which a later try may get past.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof CallError) || error.resultCode !== undefined) return true;
  return error.transport === 'http' && error.httpStatus !== undefined && error.httpStatus < 500;
}

/** The backend has no such call: HTTP 404, or resultCode 404 in the envelope. */
export function isMissingCall(error: unknown): boolean {
  return error instanceof CallError && (error.resultCode === NOT_FOUND || error.httpStatus === NOT_FOUND);
}

/** Our server refused a login for its challenge: missing, wrong or expired (a legacy backend never does). */
export function isChallengeRequired(error: unknown): boolean {
  return error instanceof CallError && error.resultCode === CHALLENGE_REQUIRED;
}

/** The text to show for a failure nobody has shown yet: the server's message, else the transport's text. */
export function failureText(error: unknown): { readonly text: string } | { readonly key: LocaleKey } {
  if (error instanceof CallError && error.message !== '') return { text: error.message };
  const kind = error instanceof CallError ? error.transport : undefined;
  return { key: kind === 'http500' ? 'error.requestFailed' : 'error.network' };
}

function toParams(values: Readonly<Record<string, unknown>>): Params {
  const out: Record<string, Params[string]> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else if (Array.isArray(value)) out[key] = value.map((item: unknown) => String(item));
    else out[key] = JSON.stringify(value);
  }
  return out;
}

function transportFailure(answer: Extract<Answer<unknown>, { kind: 'transport' }>, passBack: boolean): CallError {
  // The spec's HTTP-500 alert; other transport failures reject with the network text for the caller to show.
  if (answer.failure === 'http500' && !passBack) {
    reactions.requestFailed();
    return new CallError('', undefined, answer.failure, true);
  }
  return new CallError('', undefined, answer.failure, false, answer.status);
}

/** Sends one call of the contract and resolves to its data; every failure rejects with a CallError. */
export async function call<K extends CallName>(name: K, request: CallRequest<K>, options: CallOptions = {}): Promise<CallResponse<K>> {
  const resolved = resolveCall(name, request, API_BASE);
  const params = toParams(resolved.params);
  const base = CALLS[name].root === 'host' ? HOST_ROOT : '';
  return send<CallResponse<K>>(resolved.method, resolved.url, {
    base,
    query: resolved.encoding === 'query' ? params : undefined,
    body: resolved.encoding === 'form' ? params : undefined,
    json: resolved.encoding === 'json' ? resolved.params : undefined,
  }, options);
}

/**
 * Sends a call the CALLS registry does not list because a definition derives it (the report calls), with the same
 * envelope judgement and §8 reactions as `call`.
 */
export async function callPath<T>(method: HttpMethod, path: string, values: Readonly<Record<string, unknown>>, options: CallOptions = {}): Promise<T> {
  const params = toParams(values);
  return send<T>(method, path, method === 'GET' ? { query: params } : { body: params }, options);
}

/** Sends a file as the body of a call a definition derives (a photo upload), judged like any other answer. */
export async function uploadPath<T>(path: string, file: Blob, options: CallOptions = {}): Promise<T> {
  return send<T>('POST', path, { file }, options);
}

async function send<T>(method: HttpMethod, path: string, request: RequestOptions, options: CallOptions): Promise<T> {
  const passBack = options.passBack === true;
  const answer = await requestAnswer<T>(method, path, request)
    // Callers see only CallErrors: a failure before any answer (storage refused in a private window) is the network's.
    .catch((): Answer<never> => ({ kind: 'transport', failure: 'network' }));
  if (answer.kind === 'transport') throw transportFailure(answer, passBack);
  if (answer.kind === 'data') return answer.data;
  const { reaction } = answer;
  if (reaction === 'logoutAndReload') {
    reactions.sessionExpired();
    throw new CallError(answer.message, answer.resultCode, undefined, true);
  }
  const refusal = (shown: boolean) => new CallError(answer.message, answer.resultCode, undefined, shown, undefined, answer.data);
  if (passBack || (options.optional === true && answer.resultCode === NOT_FOUND) || options.passBackCodes?.includes(answer.resultCode)) {
    throw refusal(false);
  }
  if (reaction === 'accessLimitAlert') reactions.accessLimit(answer.message);
  else if (reaction === 'accessErrorAlert') reactions.accessError(answer.message);
  else reactions.errorToast(answer.message);
  throw refusal(true);
}
