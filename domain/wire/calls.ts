// One typed registry of every HTTP call of spec §7: method, path, root and body encoding, with request and data types.
import { REQUEST_TIMEOUT_MS } from '../constants';
import type {
  AlarmAssignRequest, AlarmBatch, AlarmChangeAnswer, AlarmInboxQuery, AlarmResolveRequest, InboxAlarm, InboxAlarmDetail,
  InboxCounts,
} from './alarm-inbox';
import type { LiveAlarm } from './live-alarm';
import type { LoginChallenge } from './login-challenge';
import type {
  AlarmChoiceRequest, IpInfo, LoginAnswer, LoginRequest, MenuEntry, PasswordChangeRequest, QuickVisit,
  QuickVisitAddRequest, StUserAlarm, UserPriAnswer, UserPriEntry, VerifyPwdRequest,
} from './entities';
import type {
  AlarmInfoQuery, FenceApprovalDecision, FenceApprovalQuery, FenceApprovalRow, FenceApprovalTimerAnswer,
  FenceApprovalUpdate, FenceCreate, FenceListRow, HeartbeatOvertimeRow, HeartbeatQuery, HeartbeatRecord, Paged, TruckDevice,
} from './records';
import type { TruckStatusRow } from './truck-row';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type BodyEncoding = 'query' | 'form' | 'json';

export interface CallSpec {
  readonly method: HttpMethod;
  /** Relative to the root. A `:name` segment is a path parameter taken out of the request (Fastify's syntax). */
  readonly path: string;
  /** 'api': under the shared client's base path; 'host': under the host root (the spec's full-URL calls). */
  readonly root: 'api' | 'host';
  /** How a POST/PUT body travels; form unless said otherwise (spec §7). */
  readonly body?: 'form' | 'json';
  /** Callable before a session exists, so without header-id. */
  readonly public?: true;
}

/** The shared client's base path; configurable so the console can also run against the legacy backend. */
export const API_BASE_DEFAULT = '/truckmanage/api';
/** Defined with the other §9 constants; re-exported beside the base path it goes with. */
export { REQUEST_TIMEOUT_MS };
const DEFAULT_BODY_ENCODING = 'form' satisfies BodyEncoding;

/** The request of a call without parameters: an empty object. */
type NoRequest = Readonly<Record<string, never>>;

/** Request and answer data of every call; `data` is what the envelope carries when resultCode is 200. */
interface CallTypes {
  quickVisitList: { request: { readonly userId: number }; response: readonly QuickVisit[] };
  /** Data is QUICK_VISIT_ADDED on success, any other text on failure. */
  quickVisitAdd: { request: QuickVisitAddRequest; response: string };
  /** Data is QUICK_VISIT_REMOVED on success, any other text on failure. */
  quickVisitRemove: { request: { readonly id: number }; response: string };
  menus: { request: NoRequest; response: readonly MenuEntry[] };
  login: { request: LoginRequest; response: LoginAnswer };
  logout: { request: NoRequest; response: null };
  changePassword: { request: PasswordChangeRequest; response: null };
  userPri: { request: NoRequest; response: UserPriAnswer };
  getIp: { request: NoRequest; response: IpInfo };
  devicesAll: { request: NoRequest; response: readonly TruckDevice[] };
  alarmInfo: { request: AlarmInfoQuery; response: Paged<LiveAlarm> };
  /** Design: acknowledges one alarm by its seq; true when it was pending. */
  alarmCue: { request: { readonly seq: number }; response: boolean };
  /** Our addition, the alarm inbox (wire/alarm-inbox.ts): its rows, newest first. */
  alarmInbox: { request: AlarmInboxQuery; response: Paged<InboxAlarm> };
  alarmInboxCounts: { request: NoRequest; response: InboxCounts };
  alarmInboxDetail: { request: { readonly seq: number }; response: InboxAlarmDetail };
  alarmAcknowledge: { request: AlarmBatch; response: AlarmChangeAnswer };
  alarmResolve: { request: AlarmResolveRequest; response: AlarmChangeAnswer };
  alarmAssign: { request: AlarmAssignRequest; response: AlarmChangeAnswer };
  heartbeatInfo: { request: HeartbeatQuery; response: Paged<HeartbeatRecord> };
  onlineTruck: { request: NoRequest; response: readonly TruckStatusRow[] };
  fenceApprovalList: { request: FenceApprovalQuery; response: Paged<FenceApprovalRow> };
  fenceApprovalById: { request: FenceApprovalDecision; response: FenceApprovalRow };
  fenceApprovalUpdate: { request: FenceApprovalUpdate; response: boolean };
  fenceApprovalTimer: { request: NoRequest; response: FenceApprovalTimerAnswer };
  /** Our addition for the user fences: a new fence, drawn, waiting for approval; the data is its listed row. */
  fenceCreate: { request: FenceCreate; response: FenceListRow };
  /** Our server answers the stored choice; a backend that answers null leaves the console with the id it sent. */
  saveAlarmChoice: { request: AlarmChoiceRequest; response: StUserAlarm | null };
  heartbeatOvertime: { request: NoRequest; response: readonly HeartbeatOvertimeRow[] };
  /** Our addition: checks the old password's MD5 on blur. */
  verifyPwd: { request: VerifyPwdRequest; response: boolean };
  /** Our addition: a challenge for a login the server refused with CHALLENGE_REQUIRED. */
  captcha: { request: NoRequest; response: LoginChallenge };
  /** userPri as GET /userPri returned it, or empty; JSON because a list of objects has no standard form encoding. */
  getTruckBarData: { request: { readonly userPri: readonly UserPriEntry[] }; response: readonly TruckStatusRow[] };
}

export type CallName = keyof CallTypes;
export type CallRequest<K extends CallName> = CallTypes[K]['request'];
export type CallResponse<K extends CallName> = CallTypes[K]['response'];

export const CALLS = {
  quickVisitList: { method: 'GET', path: '/getUserQuickVisit', root: 'api' },
  quickVisitAdd: { method: 'POST', path: '/addUserQuickVisit', root: 'api' },
  quickVisitRemove: { method: 'DELETE', path: '/removeUserQuickVisit', root: 'api' },
  menus: { method: 'GET', path: '/menus', root: 'api' },
  login: { method: 'POST', path: '/login', root: 'api', public: true },
  logout: { method: 'GET', path: '/loginOut', root: 'api' },
  changePassword: { method: 'PUT', path: '/userInfoPwd', root: 'api' },
  userPri: { method: 'GET', path: '/userPri', root: 'api' },
  // Login reads ip and area from session storage, so this runs before there is a session.
  getIp: { method: 'GET', path: '/getIp', root: 'api', public: true },
  devicesAll: { method: 'GET', path: '/devices/all', root: 'api' },
  alarmInfo: { method: 'GET', path: '/alarmInfo', root: 'api' },
  alarmCue: { method: 'POST', path: '/alarmCue', root: 'api' },
  alarmInbox: { method: 'GET', path: '/alarmInbox', root: 'api' },
  alarmInboxCounts: { method: 'GET', path: '/alarmInbox/counts', root: 'api' },
  alarmInboxDetail: { method: 'GET', path: '/alarmInbox/:seq', root: 'api' },
  alarmAcknowledge: { method: 'POST', path: '/alarmInbox/acknowledge', root: 'api', body: 'json' },
  alarmResolve: { method: 'POST', path: '/alarmInbox/resolve', root: 'api', body: 'json' },
  alarmAssign: { method: 'POST', path: '/alarmInbox/assign', root: 'api', body: 'json' },
  heartbeatInfo: { method: 'GET', path: '/heartBeatInfo', root: 'api' },
  onlineTruck: { method: 'GET', path: '/onlineTruck', root: 'api' },
  fenceApprovalList: { method: 'GET', path: '/fenceApproval', root: 'api' },
  fenceApprovalById: { method: 'POST', path: '/fenceApproval/:id', root: 'api' },
  fenceApprovalUpdate: { method: 'PUT', path: '/fenceApproval', root: 'api' },
  fenceApprovalTimer: { method: 'GET', path: '/fenceApproval/timer', root: 'api' },
  fenceCreate: { method: 'POST', path: '/fenceApproval', root: 'api' },
  saveAlarmChoice: { method: 'POST', path: '/stUserAlarm', root: 'api' },
  heartbeatOvertime: { method: 'GET', path: '/heartBeatInfo/overtime', root: 'api' },
  verifyPwd: { method: 'POST', path: '/verifyPwd', root: 'api' },
  captcha: { method: 'GET', path: '/captcha', root: 'api', public: true },
  getTruckBarData: { method: 'POST', path: '/truckatgsub/rest/truckData/getTruckBarData', root: 'host', body: 'json' },
} as const satisfies Record<CallName, CallSpec>;

function isCallName(value: string): value is CallName {
  return Object.hasOwn(CALLS, value);
}

export const CALL_NAMES: readonly CallName[] = Object.keys(CALLS).filter(isCallName);

/** GET and DELETE carry their request in the query string; POST and PUT in a body, form-encoded by default. */
export function bodyEncoding(spec: CallSpec): BodyEncoding {
  if (spec.method === 'GET' || spec.method === 'DELETE') return 'query';
  return spec.body ?? DEFAULT_BODY_ENCODING;
}

/** Every call but a GET changes state. */
export function changesState(spec: CallSpec): boolean {
  return spec.method !== 'GET';
}

/** The server refuses a state-changing call without a valid header-id, except the public ones (login). */
export function requiresHeaderId(spec: CallSpec): boolean {
  return changesState(spec) && spec.public !== true;
}

/** The `:name` parameters of a path, as a type: `PathParams<'/fenceApproval/:id'>` is `'id'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Path parameters some call's request type lacks; `never` when every call can fill its path. */
export type MissingPathParams = {
  [K in CallName]: Exclude<PathParams<(typeof CALLS)[K]['path']>, keyof CallRequest<K>>;
}[CallName];

interface ResolvedCall {
  readonly method: HttpMethod;
  /** Base path (or host root) plus the path with its parameters filled in. */
  readonly url: string;
  readonly encoding: BodyEncoding;
  /** The request without the fields moved into the path. */
  readonly params: Readonly<Record<string, unknown>>;
}

/** Where and how to send a call; throws when a path parameter is missing, since the URL would be wrong. */
export function resolveCall<K extends CallName>(name: K, request: CallRequest<K>, apiBase = API_BASE_DEFAULT): ResolvedCall {
  const spec: CallSpec = CALLS[name];
  const params: Record<string, unknown> = Object.fromEntries(Object.entries(request));
  const path = spec.path.replace(/:(\w+)/g, (_whole, param: string) => {
    const value = params[param];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${name}: missing path parameter '${param}'`);
    }
    delete params[param];
    return encodeURIComponent(String(value));
  });
  const root = spec.root === 'api' ? apiBase.replace(/\/+$/, '') : '';
  return { method: spec.method, url: `${root}${path}`, encoding: bodyEncoding(spec), params };
}
