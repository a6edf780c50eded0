// The shared HTTP client: what it sends (base path, header-id, form bodies) and its §8 reaction to each answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, CallError, callPath, failureText, isMissingCall, isRefusal, setReactions, type Reactions } from '../../src/api/client';

type FetchArgs = [string, RequestInit];

function answer(body: unknown, status = 200) {
  return vi.fn(async (..._args: FetchArgs) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

function reactionSpies() {
  const spies = {
    sessionExpired: vi.fn(),
    accessLimit: vi.fn(),
    accessError: vi.fn(),
    errorToast: vi.fn(),
    requestFailed: vi.fn(),
  } satisfies Reactions;
  return spies;
}

const envelope = (resultCode: number, data: unknown = null, message = 'server says') => ({ resultCode, message, data });

async function rejection(promise: Promise<unknown>): Promise<CallError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof CallError)) throw new Error(`expected a CallError, got ${String(error)}`);
  return error;
}

describe('HTTP client', () => {
  let spies: ReturnType<typeof reactionSpies>;
  let uninstall: () => void;

  beforeEach(() => {
    spies = reactionSpies();
    uninstall = setReactions(spies);
    localStorage.clear();
  });
  afterEach(() => {
    uninstall();
    vi.unstubAllGlobals();
  });

  it('sends GET parameters in the query, under the base path, with header-id and cookies', async () => {
    const fetch = answer(envelope(200, []));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('header-id', 'tok-1');
    await call('quickVisitList', { userId: 7 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/truckmanage/api/getUserQuickVisit?userId=7');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'header-id': 'tok-1' });
  });

  it('sends POST bodies form-encoded by default and sends no header-id without a session', async () => {
    const fetch = answer(envelope(200, '添加成功'));
    vi.stubGlobal('fetch', fetch);
    await expect(call('quickVisitAdd', { userId: 7, quickVisitUrl: '/dashboard', quickVisitName: '个人中心' })).resolves.toBe('添加成功');
    const [, init] = fetch.mock.calls[0]!;
    expect(init.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' });
    expect(String(init.body)).toBe(new URLSearchParams({ userId: '7', quickVisitUrl: '/dashboard', quickVisitName: '个人中心' }).toString());
  });

  it('sends the host-root status call as JSON at the host root', async () => {
    const fetch = answer(envelope(200, []));
    vi.stubGlobal('fetch', fetch);
    await call('getTruckBarData', { userPri: [{ key: 'C002' }] });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/truckatgsub/rest/truckData/getTruckBarData');
    expect(init.body).toBe(JSON.stringify({ userPri: [{ key: 'C002' }] }));
  });

  it('returns the data of a 200 answer without any reaction', async () => {
    vi.stubGlobal('fetch', answer(envelope(200, { ip: '1.2.3.4', area: 'x' })));
    await expect(call('getIp', {})).resolves.toEqual({ ip: '1.2.3.4', area: 'x' });
    expect(Object.values(spies).every((spy) => spy.mock.calls.length === 0)).toBe(true);
  });

  it.each([
    [504, 'sessionExpired', undefined],
    [401, 'accessLimit', 'server says'],
    [500, 'accessError', 'server says'],
    [429, 'errorToast', 'server says'],
    [0, 'errorToast', 'server says'],
  ] as const)('reacts to resultCode %i with %s and rejects with the call shown', async (code, reaction, argument) => {
    vi.stubGlobal('fetch', answer(envelope(code)));
    const error = await rejection(call('menus', {}));
    expect(error).toMatchObject({ resultCode: code, message: 'server says', shown: true });
    expect(spies[reaction]).toHaveBeenCalledTimes(1);
    if (argument !== undefined) expect(spies[reaction]).toHaveBeenCalledWith(argument);
    const others = Object.entries(spies).filter(([name]) => name !== reaction);
    expect(others.every(([, spy]) => spy.mock.calls.length === 0)).toBe(true);
  });

  it('passes failures back to callers that report them (login), except the 504 logout', async () => {
    vi.stubGlobal('fetch', answer(envelope(400, null, '用户名或密码错误')));
    const refused = await rejection(call('login', { username: 'a', password: 'b', ip: '', area: '' }, { passBack: true }));
    expect(refused).toMatchObject({ resultCode: 400, message: '用户名或密码错误', shown: false });
    expect(failureText(refused)).toEqual({ text: '用户名或密码错误' });
    expect(spies.errorToast).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', answer(envelope(504)));
    await rejection(call('logout', {}, { passBack: true }));
    expect(spies.sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('shows the request-failed alert for an HTTP 500', async () => {
    vi.stubGlobal('fetch', answer(envelope(500), 500));
    const error = await rejection(call('menus', {}));
    expect(error).toMatchObject({ transport: 'http500', shown: true });
    expect(spies.requestFailed).toHaveBeenCalledTimes(1);
    expect(failureText(error)).toEqual({ key: 'error.requestFailed' });
  });

  it('rejects a network failure with the network text for the caller to show', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await rejection(call('menus', {}));
    expect(error).toMatchObject({ transport: 'network', shown: false });
    expect(failureText(error)).toEqual({ key: 'error.network' });
    expect(Object.values(spies).every((spy) => spy.mock.calls.length === 0)).toBe(true);
  });

  it('tells a refusal (the server answered no) from a server that was not reached or failed', async () => {
    const failureOf = async (respond: () => Promise<Response>) => {
      vi.stubGlobal('fetch', vi.fn(respond));
      return rejection(call('menus', {}, { passBack: true }));
    };
    const json = (body: unknown, status: number) => async () => new Response(JSON.stringify(body), { status });
    expect(isRefusal(await failureOf(json(envelope(504), 200)))).toBe(true);
    expect(isRefusal(await failureOf(json(envelope(401), 200)))).toBe(true);
    expect(isRefusal(await failureOf(json('Forbidden', 403)))).toBe(true);
    expect(isRefusal(await failureOf(() => Promise.reject(new TypeError('Failed to fetch'))))).toBe(false);
    expect(isRefusal(await failureOf(json(envelope(500), 500)))).toBe(false);
    expect(isRefusal(await failureOf(json('Bad Gateway', 502)))).toBe(false);
    expect(isRefusal(await failureOf(async () => new Response('<html>proxy</html>', { status: 200 })))).toBe(false);
    expect(isRefusal(new Error('not from the client'))).toBe(true);
  });

  it('passes back a missing optional call, by resultCode or HTTP 404, silently, and still reacts to its other failures', async () => {
    vi.stubGlobal('fetch', answer(envelope(404, null, '接口不存在')));
    const missing = await rejection(call('verifyPwd', { id: 1, oldPwd: 'x' }, { optional: true }));
    expect(missing).toMatchObject({ resultCode: 404, shown: false });
    expect(isMissingCall(missing)).toBe(true);
    vi.stubGlobal('fetch', answer('Not Found', 404));
    const notFound = await rejection(call('verifyPwd', { id: 1, oldPwd: 'x' }, { optional: true }));
    expect(notFound).toMatchObject({ transport: 'http', httpStatus: 404, shown: false });
    expect(isMissingCall(notFound)).toBe(true);
    expect(Object.values(spies).every((spy) => spy.mock.calls.length === 0)).toBe(true);

    vi.stubGlobal('fetch', answer(envelope(429)));
    const limited = await rejection(call('verifyPwd', { id: 1, oldPwd: 'x' }, { optional: true }));
    expect(isMissingCall(limited)).toBe(false);
    expect(spies.errorToast).toHaveBeenCalledExactlyOnceWith('server says');
    vi.stubGlobal('fetch', answer(envelope(404)));
    await rejection(call('menus', {}));
    expect(spies.errorToast).toHaveBeenCalledTimes(2);
  });
  it('passes back the refusals a caller names with their data, silently, and reacts to every other answer as usual', async () => {
    vi.stubGlobal('fetch', answer(envelope(400, { field: 'name' }, '名称已存在')));
    const refused = await rejection(callPath('POST', '/entity/setting/base_data/park', { name: 'x' }, { passBackCodes: [400, 409] }));
    expect(refused).toMatchObject({ resultCode: 400, message: '名称已存在', shown: false, data: { field: 'name' } });
    const current = { key: '7', version: 3 };
    vi.stubGlobal('fetch', answer(envelope(409, { current }, 'stale')));
    const stale = await rejection(callPath('PUT', '/entity/setting/base_data/park/7', { version: 2 }, { passBackCodes: [400, 409] }));
    expect(stale).toMatchObject({ resultCode: 409, shown: false, data: { current } });
    expect(Object.values(spies).every((spy) => spy.mock.calls.length === 0)).toBe(true);

    vi.stubGlobal('fetch', answer(envelope(401, null, 'no right')));
    const limited = await rejection(callPath('POST', '/entity/setting/base_data/park', {}, { passBackCodes: [400, 409] }));
    expect(limited).toMatchObject({ resultCode: 401, shown: true });
    expect(spies.accessLimit).toHaveBeenCalledExactlyOnceWith('no right');
    vi.stubGlobal('fetch', answer(envelope(504)));
    await rejection(callPath('POST', '/entity/setting/base_data/park', {}, { passBackCodes: [504] }));
    expect(spies.sessionExpired).toHaveBeenCalledTimes(1);
  });

  it("keeps a shown refusal's data too, and none when the server sent null", async () => {
    vi.stubGlobal('fetch', answer(envelope(409, { current: { key: '1' } })));
    const shown = await rejection(callPath('POST', '/entity/setting/base_data/park/1/status', {}));
    expect(shown).toMatchObject({ resultCode: 409, shown: true, data: { current: { key: '1' } } });
    expect(spies.errorToast).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', answer(envelope(400)));
    const bare = await rejection(callPath('POST', '/x', {}, { passBackCodes: [400] }));
    expect(bare.data).toBeUndefined();
  });
});
