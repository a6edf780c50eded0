import { describe, it, expect, expectTypeOf } from 'vitest';
import {
  API_BASE_DEFAULT, CALLS, CALL_NAMES, REQUEST_TIMEOUT_MS, bodyEncoding, changesState,
  requiresHeaderId, resolveCall, type CallName, type CallRequest, type CallResponse, type FenceApprovalRow,
  type LiveAlarm, type LoginAnswer, type LoginRequest, type MissingPathParams, type Paged, type PathParams,
  type TruckStatusRow, type UserPriAnswer,
} from '../../../domain/wire';

// Spec §7 "Shared-client calls", as printed; '*' marks paths the spec shows with more after them.
const SPEC_SHARED_CALLS = [
  ['GET', '/getUserQuickVisit'],
  ['POST', '/addUserQuickVisit'],
  ['DELETE', '/removeUserQuickVisit'],
  ['GET', '/menus'],
  ['POST', '/login'],
  ['GET', '/loginOut'],
  ['PUT', '/userInfoPwd'],
  ['GET', '/userPri'],
  ['GET', '/getIp'],
  ['GET', '/devices/all'],
  ['GET', '/alarmInfo'],
  ['POST', '/alarmCue'],
  ['GET', '/heartBeatInfo*'],
  ['GET', '/onlineTruck'],
  ['GET', '/fenceApproval*'],
  ['POST', '/fenceApproval/id*'],
  ['PUT', '/fenceApproval*'],
  ['GET', '/fenceApproval/timer'],
] as const;

// The spec's 'id' segment is a value, so the registry writes it as a parameter.
const registryPath = (specPath: string) => specPath.replace(/\*$/, '').replace('/fenceApproval/id', '/fenceApproval/:id');

const calls = Object.values(CALLS);

describe('call registry', () => {
  it.each(SPEC_SHARED_CALLS)('has %s %s under the shared base path', (method, path) => {
    const found = calls.filter((call) => call.method === method && call.path === registryPath(path));
    expect(found).toHaveLength(1);
    expect(found[0]?.root).toBe('api');
  });

  it('has the full-URL truck status call at the host root', () => {
    expect(CALLS.getTruckBarData).toMatchObject({
      method: 'POST',
      path: '/truckatgsub/rest/truckData/getTruckBarData',
      root: 'host',
    });
  });

  it.each([
    ['saveAlarmChoice', 'POST', '/stUserAlarm'],
    ['heartbeatOvertime', 'GET', '/heartBeatInfo/overtime'],
    ['verifyPwd', 'POST', '/verifyPwd'],
  ] as const)('places the call the spec leaves without a path, %s, at %s %s', (name, method, path) => {
    expect(CALLS[name]).toMatchObject({ method, path, root: 'api' });
  });

  it('has no two calls on one method and path', () => {
    const keys = calls.map((call) => `${call.method} ${call.root}${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists exactly the spec calls plus the three placed ones, the full-URL one, our login challenge, our new fence and the six inbox calls', () => {
    expect(CALL_NAMES).toHaveLength(SPEC_SHARED_CALLS.length + 12);
    expect(CALL_NAMES.filter((name) => CALLS[name].path.startsWith('/alarmInbox'))).toHaveLength(6);
    expect(CALLS.captcha).toEqual({ method: 'GET', path: '/captcha', root: 'api', public: true });
    expect(CALLS.fenceCreate).toEqual({ method: 'POST', path: '/fenceApproval', root: 'api' });
  });

  it('keeps the shared client settings of spec §7', () => {
    expect(API_BASE_DEFAULT).toBe('/truckmanage/api');
    expect(REQUEST_TIMEOUT_MS).toBe(100_000);
  });
});

describe('state-changing calls', () => {
  const mutating = CALL_NAMES.filter((name) => changesState(CALLS[name])).sort();

  it('are exactly the calls that are not GET', () => {
    expect(mutating).toEqual([
      'alarmAcknowledge', 'alarmAssign', 'alarmCue', 'alarmResolve', 'changePassword', 'fenceApprovalById', 'fenceApprovalUpdate', 'fenceCreate', 'getTruckBarData', 'login',
      'quickVisitAdd', 'quickVisitRemove', 'saveAlarmChoice', 'verifyPwd',
    ]);
  });

  it('need a header-id, except login which opens the session', () => {
    expect(mutating.filter((name) => !requiresHeaderId(CALLS[name]))).toEqual(['login']);
    expect(requiresHeaderId(CALLS.menus)).toBe(false);
  });
});

describe('body encoding', () => {
  it.each<[CallName, string]>([
    ['quickVisitList', 'query'],
    ['quickVisitRemove', 'query'],
    ['quickVisitAdd', 'form'],
    ['login', 'form'],
    ['changePassword', 'form'],
    ['getTruckBarData', 'json'],
  ])('sends %s as %s', (name, encoding) => {
    expect(bodyEncoding(CALLS[name])).toBe(encoding);
  });
});

describe('resolving a call', () => {
  it('moves the id into the fence-approval path and keeps the rest as parameters', () => {
    expect(resolveCall('fenceApprovalById', { id: 7, approvalStatus: 1 })).toEqual({
      method: 'POST',
      url: '/truckmanage/api/fenceApproval/7',
      encoding: 'form',
      params: { approvalStatus: 1 },
    });
  });

  it('joins a configured base path without doubling the slash', () => {
    expect(resolveCall('menus', {}, '/legacy/api/').url).toBe('/legacy/api/menus');
  });

  it('sends full-URL calls to the host root whatever the base path', () => {
    expect(resolveCall('getTruckBarData', { userPri: [] }, '/other').url).toBe('/truckatgsub/rest/truckData/getTruckBarData');
  });

  it('refuses a call whose path parameter is missing', () => {
    // @ts-expect-error id is required by the request type
    expect(() => resolveCall('fenceApprovalById', { approvalStatus: 1 })).toThrow(/id/);
  });

  it('escapes a path parameter so it cannot change the path', () => {
    // @ts-expect-error the id is a number; a text id from a buggy caller must still stay one segment
    expect(resolveCall('fenceApprovalById', { id: '7/../x', approvalStatus: 1 }).url).toBe(
      '/truckmanage/api/fenceApproval/7%2F..%2Fx',
    );
  });
});

describe('call types', () => {
  it('types requests and answers per call', () => {
    expectTypeOf<CallRequest<'login'>>().toEqualTypeOf<LoginRequest>();
    expectTypeOf<CallResponse<'login'>>().toEqualTypeOf<LoginAnswer>();
    expectTypeOf<CallResponse<'fenceApprovalList'>>().toEqualTypeOf<Paged<FenceApprovalRow>>();
    expectTypeOf<CallResponse<'alarmInfo'>>().toEqualTypeOf<Paged<LiveAlarm>>();
    expectTypeOf<CallResponse<'getTruckBarData'>>().toEqualTypeOf<readonly TruckStatusRow[]>();
    expectTypeOf<CallResponse<'verifyPwd'>>().toEqualTypeOf<boolean>();
    expectTypeOf<CallRequest<'quickVisitList'>>().toEqualTypeOf<{ readonly userId: number }>();
  });

  it('lets every call fill its path from its request', () => {
    expectTypeOf<PathParams<'/fenceApproval/:id'>>().toEqualTypeOf<'id'>();
    expectTypeOf<PathParams<'/a/:x/b/:y'>>().toEqualTypeOf<'x' | 'y'>();
    expectTypeOf<PathParams<'/menus'>>().toBeNever();
    expectTypeOf<MissingPathParams>().toBeNever();
  });

  it('supports a client typed by call name', () => {
    // Never settles: only the types of its calls matter here.
    const send = <K extends CallName>(_name: K, _request: CallRequest<K>): Promise<CallResponse<K>> =>
      new Promise(() => undefined);
    expectTypeOf(send('userPri', {})).resolves.toEqualTypeOf<UserPriAnswer>();
    expectTypeOf(send('fenceApprovalById', { id: 1, approvalStatus: 2 })).resolves.toEqualTypeOf<FenceApprovalRow>();
    // @ts-expect-error the quick-visit list needs a userId
    void send('quickVisitList', {});
    // @ts-expect-error an approval status outside the three states
    void send('fenceApprovalById', { id: 1, approvalStatus: 3 });
    // @ts-expect-error no call of that name
    void send('noSuchCall', {});
  });
});
