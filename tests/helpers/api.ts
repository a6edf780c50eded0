// A tiny test client for the contract: form-encoded bodies, header-id, cookies, and the envelope.
import type { Envelope } from '../../domain/wire/envelope';
import type { LoginAnswer } from '../../domain/wire/entities';
import type { LoginChallenge } from '../../domain/wire/login-challenge';
import { CHALLENGE_ANSWERS_PATH } from '../../server/test-faults';
import type { PublishedAlarm } from '../../server/live/hub';
import { DEMO_ACCOUNTS } from '../../server/seed/accounts';
import type { LiveAlarm } from '../../domain/wire/live-alarm';

export const API = '/truckmanage/api';

export interface CallOptions {
  readonly token?: string;
  /** Sent as the sid cookie instead of (or besides) the header. */
  readonly cookie?: string;
  readonly form?: Readonly<Record<string, string | number>>;
  readonly json?: unknown;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly lang?: 'zh' | 'en';
  /** Sent as the time-zone cookie: the zone the console shows times in. */
  readonly zone?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export async function call<T = unknown>(base: string, method: string, path: string, options: CallOptions = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['header-id'] = options.token;
  const cookies = [
    options.cookie ? `sid=${options.cookie}` : '',
    options.lang ? `language=${options.lang}` : '',
    options.zone ? `time-zone=${encodeURIComponent(options.zone)}` : '',
  ].filter(Boolean);
  if (cookies.length) headers['cookie'] = cookies.join('; ');
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(options.form).map(([k, v]) => [k, String(v)])).toString();
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const query = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
  const url = path.startsWith('/truckatgsub') ? `${base}${path}${query}` : `${base}${API}${path}${query}`;
  const response = await fetch(url, { method, headers, body });
  return (await response.json()) as Envelope<T>;
}

export interface LoggedIn {
  readonly token: string;
  readonly answer: LoginAnswer;
}

/** Logs a demo account in with its own password. */
export async function login(base: string, userName: string): Promise<LoggedIn> {
  const account = DEMO_ACCOUNTS.find((a) => a.userName === userName);
  if (!account) throw new Error(`no demo account ${userName}`);
  const answer = await call<LoginAnswer>(base, 'POST', '/login', {
    form: { username: userName, password: account.password, ip: '', area: '' },
  });
  if (answer.resultCode !== 200) throw new Error(`login ${userName} failed: ${answer.message}`);
  return { token: answer.data['header-id'], answer: answer.data };
}

/** Raises an alarm through the simulator's control (`POST …/sim/alarm`); fails the test unless the server took it. */
export async function raiseSimAlarm(base: string, token: string, form: { readonly type: number; readonly truckId?: number }): Promise<LiveAlarm & { readonly seq: number }> {
  const fields: Record<string, number> = form.truckId === undefined ? { type: form.type } : { type: form.type, truckId: form.truckId };
  const answer = await call<PublishedAlarm>(base, 'POST', '/sim/alarm', { token, form: fields });
  if (answer.resultCode !== 200) throw new Error(`raising alarm ${form.type} failed: ${answer.resultCode} ${answer.message}`);
  return answer.data.alarm;
}

/**
 * A login challenge from `GET /captcha` with its answer, as a login's fields. The answer comes from the test-only
 * endpoint, so the server must run with `faults: true`; `headers` as the login will send them (X-Forwarded-For).
 */
export async function answeredChallenge(base: string, headers?: Readonly<Record<string, string>>): Promise<{ captchaId: string; captcha: string }> {
  const issued = await call<LoginChallenge>(base, 'GET', '/captcha', { headers });
  if (issued.resultCode !== 200) throw new Error(`GET /captcha answered ${issued.resultCode} ${issued.message}`);
  const answers = (await (await fetch(`${base}${CHALLENGE_ANSWERS_PATH}`)).json()) as { id: string; answer: string }[];
  const answer = answers.find((one) => one.id === issued.data.id)?.answer;
  if (answer === undefined) throw new Error('the challenge issued is not among the test hook\'s answers: is the server started with faults: true?');
  return { captchaId: issued.data.id, captcha: answer };
}
