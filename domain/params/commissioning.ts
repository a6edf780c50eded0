// The commissioning check of a truck's console (setting/base_data/test; docs/commissioning.md): the facts the
// server reads (truck, live row, the device's files), the answer of GET /deviceTest, and the pure rules that judge
// each fact pass, warn or fail with a message to show. Facts are read from the files in commissioning-facts.ts.
import type { LocaleKey, LocalizedText } from '../i18n';
import { TRUCK_STATUS, type TruckStatusCode } from '../truck-status';
import { HEARTBEAT_OVERTIME_MS } from '../constants';

export const COMMISSIONING_CALL_PATH = '/deviceTest';
export type CheckStatus = 'pass' | 'warn' | 'fail';
/** The checks in the order the screen lists them: reachability first, then identity, then the probes. */
export const CHECK_IDS = [
  'online', 'heartbeat', 'consoleVersion', 'controllerVersion', 'consoleSn', 'plate', 'tfCard', 'workModes',
  'compartments', 'levelCoverage', 'sealProbes', 'levelProbes',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];
/** What one console holds at most (syscfg tankCabinsCount: currently max 5). */
const CONSOLE_CABINS_MAX = 5;

interface TruckFacts {
  readonly id: number;
  readonly signCode: string;
  readonly consoleSn: string;
  readonly companyName: string;
  /** Compartments in the truck's master data; 0 for a truck without tanks. */
  readonly compartments: number;
}

/** The truck's live status row as the server last stored it. */
interface LiveFacts {
  readonly status: TruckStatusCode;
  /** The last report's time (ms), null when it never reported. */
  readonly gpsTime: number | null;
}

/** What syscfg.txt says: the values the console reports (read-only) and its set-up. Null: absent from the file. */
export interface ConsoleFacts {
  readonly version: string;
  readonly appMode: number | null;
  readonly sn: string;
  readonly plate: string;
  readonly cabins: number | null;
  readonly tfStatus: number | null;
  readonly obcWorkMode: number | null;
  readonly spdsWorkMode: number | null;
  readonly tlsWorkMode: number | null;
  readonly spdsWorkEn: boolean;
  readonly tlsWorkEn: boolean;
}

/** A seal probe of elscfg.txt with what elspproperty.txt reports for it (its block at the same place). */
export interface SealProbeFacts {
  readonly index: number;
  /** Shown 1–10. */
  readonly compartment: number;
  readonly line: number;
  readonly type: number;
  readonly enabled: boolean;
  readonly sn: string;
  /** The console reports a status block for it. */
  readonly reported: boolean;
  /** mV, null when not reported. */
  readonly sensorValue: number | null;
  /** The probe's full-scale voltage (smaxv), mV. */
  readonly maxMv: number | null;
}

/** A level probe of tlscfg.txt, whether tlspproperty.txt lists its address, and its compartment's live reading. */
export interface LevelProbeFacts {
  readonly index: number;
  readonly compartment: number;
  /** 0xC0–0xCF. */
  readonly address: number;
  readonly psn: string;
  /** The console found a probe at this address on the gauge bus. */
  readonly found: boolean;
  readonly cabinHeight: number | null;
  readonly levelMm: number | null;
  readonly vt: number | null;
  readonly v20: number | null;
  readonly temperature: number | null;
}

export interface CommissioningFacts {
  readonly truck: TruckFacts;
  /** Null when the truck has no live row yet. */
  readonly live: LiveFacts | null;
  /** The newest device heartbeat (ms), null for none. */
  readonly lastHeartbeat: number | null;
  readonly console: ConsoleFacts;
  /** The controller's version as its last confirmed upgrade set it; null when none was confirmed. */
  readonly controllerVersion: string | null;
  /** The newest enabled upgrade file's version of the truck's company, per kind; null for none. */
  readonly releases: { readonly console: string | null; readonly controller: string | null };
  readonly sealProbes: readonly SealProbeFacts[];
  readonly levelProbes: readonly LevelProbeFacts[];
}

export interface Judged {
  readonly status: CheckStatus;
  readonly message: LocalizedText;
}
export type SealProbe = SealProbeFacts & Judged;
export type LevelProbe = LevelProbeFacts & Judged;
interface CommissioningCheck extends Judged {
  readonly id: CheckId;
}

/** GET /deviceTest?truckId=: the facts, each probe judged, and the checks in CHECK_IDS order. */
export interface CommissioningAnswer extends Omit<CommissioningFacts, 'sealProbes' | 'levelProbes'> {
  readonly checkedAt: number;
  readonly online: boolean;
  /** The last time the console was heard from: its newest report or heartbeat. */
  readonly lastHeardAt: number | null;
  readonly sealProbes: readonly SealProbe[];
  readonly levelProbes: readonly LevelProbe[];
  readonly checks: readonly CommissioningCheck[];
}

type NameUnder<P extends string> = LocaleKey extends infer K ? (K extends `${P}.${infer N}` ? N : never) : never;
/** The check messages (commissioning.message.*) and probe answers (commissioning.probe.*), so a typo does not compile. */
type MessageName = NameUnder<'commissioning.message'>;
type ProbeName = NameUnder<'commissioning.probe'>;
type Values = LocalizedText['values'];

const judged = (status: CheckStatus, key: LocaleKey, values?: Values): Judged => ({ status, message: values ? { key, values } : { key } });
const pass = (name: MessageName, values?: Values) => judged('pass', `commissioning.message.${name}`, values);
const warn = (name: MessageName, values?: Values) => judged('warn', `commissioning.message.${name}`, values);
const fail = (name: MessageName, values?: Values) => judged('fail', `commissioning.message.${name}`, values);
const probe = (status: CheckStatus, name: ProbeName, values?: Values) => judged(status, `commissioning.probe.${name}`, values);

const RANK: Readonly<Record<CheckStatus, number>> = { pass: 0, warn: 1, fail: 2 };
/** The worst of the statuses; pass for none. */
const worst = (statuses: readonly CheckStatus[]): CheckStatus =>
  statuses.reduce<CheckStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), 'pass');

/**
 * Version texts compared by their numbers in order ('V3.2.0' < 'V3.10.1'); a text without numbers only equals itself.
 * Negative: a is older.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (text: string) => (text.match(/\d+/g) ?? []).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return x.length === 0 && y.length === 0 ? a.localeCompare(b) : 0;
}

const isOnline = (live: LiveFacts | null): boolean => live !== null && live.status !== TRUCK_STATUS.offline;

/** The last time the console was heard from: its newest report or heartbeat. */
function lastHeard(facts: Pick<CommissioningFacts, 'live' | 'lastHeartbeat'>): number | null {
  const times = [facts.live?.gpsTime ?? null, facts.lastHeartbeat].filter((time): time is number => time !== null);
  return times.length === 0 ? null : Math.max(...times);
}


/** A seal probe's answer: switched off, not reported by the console, unconfirmable offline, reading beyond full scale. */
export function judgeSealProbe(facts: SealProbeFacts, online: boolean): SealProbe {
  const verdict = !facts.enabled ? probe('warn', 'disabled')
    : !facts.reported ? probe('fail', 'silent')
    : !online ? probe('warn', 'offline')
    : facts.sensorValue !== null && facts.maxMv !== null && facts.sensorValue > facts.maxMv
      ? probe('warn', 'overRange', { value: facts.sensorValue, max: facts.maxMv })
      : probe('pass', 'ok');
  return { ...facts, ...verdict };
}

/** A level probe's answer: not found on the bus, unconfirmable offline, no reading, a level above its compartment. */
export function judgeLevelProbe(facts: LevelProbeFacts, online: boolean): LevelProbe {
  const verdict = !facts.found ? probe('fail', 'notFound')
    : !online ? probe('warn', 'offline')
    : facts.levelMm === null ? probe('warn', 'noReading')
    : facts.cabinHeight !== null && facts.cabinHeight > 0 && facts.levelMm > facts.cabinHeight
      ? probe('warn', 'overHeight', { level: facts.levelMm, height: facts.cabinHeight })
      : probe('pass', 'ok');
  return { ...facts, ...verdict };
}

interface RuleInput {
  readonly facts: CommissioningFacts;
  readonly now: number;
  readonly seals: readonly SealProbe[];
  readonly levels: readonly LevelProbe[];
}

const list = (items: readonly (number | string)[]) => items.join(', ');
const hex = (address: number) => address.toString(16).toUpperCase();
const MINUTE = 60_000;

function versionRule(version: string | null, release: string | null, missing: Judged, behind: MessageName, current: MessageName): Judged {
  if (version === null || version.trim() === '') return missing;
  if (release !== null && compareVersions(version, release) < 0) return warn(behind, { version, release });
  return pass(current, { version });
}

/** The probes' check: any silent fails it, any needing a look warns; none set up warns unless the truck has no tanks. */
function probesRule(probes: readonly Judged[], noneKey: MessageName, compartments: number): Judged {
  const total = probes.length;
  if (total === 0) return compartments === 0 ? pass('noTanks') : warn(noneKey);
  const failing = probes.filter((p) => p.status === 'fail').length;
  if (failing > 0) return fail('probesSilent', { count: failing, total });
  const warning = probes.filter((p) => p.status === 'warn').length;
  return warning > 0 ? warn('probesWarn', { count: warning, total }) : pass('probesAnswer', { total });
}

/** One rule per check; `satisfies` makes a check without a rule a compile error. */
export const CHECK_RULES = {
  online: ({ facts: { live } }) => (live === null ? fail('neverReported') : isOnline(live) ? pass('online') : fail('offline')),
  heartbeat: ({ facts, now }) => {
    const heard = lastHeard(facts);
    if (heard === null) return warn('heartbeatNone');
    const minutes = Math.max(0, Math.floor((now - heard) / MINUTE));
    return now - heard > HEARTBEAT_OVERTIME_MS ? warn('heartbeatLate', { minutes, limit: HEARTBEAT_OVERTIME_MS / MINUTE }) : pass('heartbeatFresh', { minutes });
  },
  consoleVersion: ({ facts }) => versionRule(facts.console.version, facts.releases.console, fail('versionMissing'), 'versionBehind', 'versionCurrent'),
  controllerVersion: ({ facts }) => versionRule(facts.controllerVersion, facts.releases.controller, warn('controllerUnknown'), 'controllerBehind', 'controllerCurrent'),
  consoleSn: ({ facts: { console, truck } }) => {
    const [reported, expected] = [console.sn.trim(), truck.consoleSn.trim()];
    return reported === '' ? fail('snMissing') : reported !== expected ? fail('snMismatch', { reported, expected }) : pass('snMatch', { sn: reported });
  },
  plate: ({ facts: { console, truck } }) =>
    console.plate.trim() === truck.signCode ? pass('plateMatch', { plate: truck.signCode }) : warn('plateMismatch', { reported: console.plate.trim(), expected: truck.signCode }),
  tfCard: ({ facts: { console } }) => (console.tfStatus === 1 ? pass('tfNormal') : console.tfStatus === 0 ? warn('tfNone') : fail('tfFault')),
  workModes: ({ facts: { console, sealProbes, levelProbes } }) => {
    const seals = sealProbes.filter((p) => p.enabled).length;
    if (seals > 0 && !console.spdsWorkEn) return warn('sealWorkOff', { count: seals });
    if (levelProbes.length > 0 && !console.tlsWorkEn) return warn('levelWorkOff', { count: levelProbes.length });
    if (console.spdsWorkEn && seals === 0) return warn('sealWorkIdle');
    if (console.tlsWorkEn && levelProbes.length === 0) return warn('levelWorkIdle');
    return pass('workModesOk');
  },
  compartments: ({ facts: { truck, console } }) => {
    const [own, cabins] = [truck.compartments, console.cabins];
    if (own === 0) return pass('noTanks');
    if (cabins === null) return warn('cabinsMissing');
    if (own > CONSOLE_CABINS_MAX) return warn('tooManyCompartments', { truck: own, max: CONSOLE_CABINS_MAX });
    return cabins === own ? pass('compartmentsAgree', { count: own }) : warn('cabinsMismatch', { console: cabins, truck: own });
  },
  levelCoverage: ({ facts: { truck, console, levelProbes } }) => {
    const addresses = levelProbes.map((p) => p.address);
    const twice = [...new Set(addresses.filter((a, i) => addresses.indexOf(a) !== i))];
    if (twice.length > 0) return fail('addressTwice', { addresses: list(twice.map(hex)) });
    const cabins = console.cabins ?? Math.min(Math.max(truck.compartments, 1), CONSOLE_CABINS_MAX);
    const covered = new Set(levelProbes.map((p) => p.compartment));
    const missing = Array.from({ length: cabins }, (_, i) => i + 1).filter((c) => !covered.has(c));
    if (missing.length > 0) return warn('probeMissing', { compartments: list(missing) });
    const beyond = [...covered].filter((c) => c > cabins).sort((a, b) => a - b);
    return beyond.length > 0 ? warn('probeExtra', { compartments: list(beyond) }) : pass('coverageOk', { count: levelProbes.length });
  },
  sealProbes: ({ facts, seals }) => probesRule(seals, 'sealNone', facts.truck.compartments),
  levelProbes: ({ facts, levels }) => probesRule(levels, 'levelNone', facts.truck.compartments),
} as const satisfies Readonly<Record<CheckId, (input: RuleInput) => Judged>>;

/** Judges every probe and every check of the facts at `now`. */
export function judgeCommissioning(facts: CommissioningFacts, now: number): CommissioningAnswer {
  const online = isOnline(facts.live);
  const seals = facts.sealProbes.map((p) => judgeSealProbe(p, online));
  const levels = facts.levelProbes.map((p) => judgeLevelProbe(p, online));
  const input: RuleInput = { facts, now, seals, levels };
  const checks = CHECK_IDS.map((id): CommissioningCheck => ({ id, ...CHECK_RULES[id](input) }));
  return { ...facts, checkedAt: now, online, lastHeardAt: lastHeard(facts), sealProbes: seals, levelProbes: levels, checks };
}

interface CommissioningSummary extends Readonly<Record<CheckStatus, number>> {
  readonly overall: CheckStatus;
}

/** How many checks passed, warned and failed, and the worst of them. */
export function summarize(checks: readonly Pick<CommissioningCheck, 'status'>[]): CommissioningSummary {
  const count = (status: CheckStatus) => checks.filter((check) => check.status === status).length;
  return { pass: count('pass'), warn: count('warn'), fail: count('fail'), overall: worst(checks.map((check) => check.status)) };
}
