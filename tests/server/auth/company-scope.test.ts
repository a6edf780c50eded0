// Company scoping over every read: a user of one company calls every read the server registers, walked from its access
// table so a new route is called without being listed, on a server holding several companies' rows in every screen's
// table. No answer may hold another company's row (its code or name, a plate or id of its trucks), whether the call
// names nothing beyond what it must or names the other company's truck, plate, photo, sends, row and company outright;
// a call narrowed to the other company answers nothing at all, so no count or sum of its rows gets out either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, entityFor } from '../../../domain/screens/entities/registry';
import { INDICATORS } from '../../../domain/screens/indicators/dashboards';
import { REPORT_DEFS } from '../../../domain/screens/reports/registry';
import { isRecord } from '../../../domain/wire/guards';
import { screenInUrl, screensOf } from '../../../server/auth/access';
import type { GuardedRoute } from '../../../server/auth/guard';
import { startEntityServer, type EntityServer } from '../entities/entity-server';
import { companyFixture, type CompanyFixture, type CompanyMarks, type CompanyTarget } from './company-fixture';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Two calls of some 250 reads, several of them reports over a month of 80 trucks, on a machine others share. */
const WALK_TIMEOUT_MS = 900_000;

/** A read: a GET that changes nothing, of a logged-in user. */
const isRead = (route: GuardedRoute) => route.method === 'GET' && route.changesState !== true && route.access !== 'public';

/** The fields whose value is one company's: naming the other company's in one is asking for its rows. */
const COMPANY_FIELDS: ReadonlySet<string> = new Set(['truckId', 'plate', 'signCode', 'search', 'companyCode', 'companyCodes', 'eventId', 'id', 'ids']);
/** The fields that narrow a list to one company. */
const NARROWING_FIELDS: ReadonlySet<string> = new Set(['companyCode', 'companyCodes']);

/** `plain` names the caller's own company only where the call must name something; `aimed` names the other's wherever it can. */
type Aim = 'plain' | 'aimed';
/** A day up to now, or, for a call that refuses a day, two minutes around the target's event. */
type Span = 'day' | 'event';

interface Probe {
  readonly route: GuardedRoute;
  readonly aim: Aim;
  readonly span: Span;
  readonly url: string;
  /** The company fields the URL names (a row key of the path counts as `key`). */
  readonly named: ReadonlySet<string>;
}

interface Answer {
  readonly status: number;
  readonly type: string;
  readonly json?: unknown;
  readonly text?: string;
}

interface QuerySchema {
  readonly properties?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly required?: readonly string[];
}

/** Where in an answer a company's row shows, or undefined: a code or name, a plate (also inside a text), a truck id. */
function foundIn(value: unknown, marks: CompanyMarks, at: string, key = ''): string | undefined {
  if (typeof value === 'string') {
    const hit = marks.codes.has(value) || marks.names.has(value) ? value : marks.plates.find((plate) => value.includes(plate));
    return hit === undefined ? undefined : `${at}: ${hit}`;
  }
  if (typeof value === 'number') return key === 'truckId' && marks.truckIds.has(value) ? `${at}: truck ${value}` : undefined;
  const entries = Array.isArray(value) ? value.map((item, index) => [`[${index}]`, item, key] as const)
    : isRecord(value) ? Object.entries(value).map(([name, item]) => [`.${name}`, item, name] as const) : [];
  for (const [step, item, name] of entries) {
    const hit = foundIn(item, marks, `${at}${step}`, name);
    if (hit) return hit;
  }
  return undefined;
}

/** Whether data holds nothing: no row, no count, no sum, no text. */
function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.values(value).every(isEmpty);
  return value === null || value === undefined || value === false || value === 0 || value === '';
}

/** Where an answer holds a row of the marked companies. */
function rowIn(answer: Answer, marks: CompanyMarks): string | undefined {
  if (answer.json !== undefined) return foundIn(answer.json, marks, 'answer');
  return answer.text === undefined ? undefined : foundIn(answer.text, marks, answer.type);
}

const resultCodeOf = (answer: Answer): unknown => (isRecord(answer.json) ? answer.json['resultCode'] : undefined);

describe('company scope of every read', () => {
  let api: EntityServer;
  let fixture: CompanyFixture;
  let reads: readonly GuardedRoute[];
  const probes: Probe[] = [];
  const answers = new Map<string, Answer>();
  const now = Date.now();

  /** What a field names for one company's target, over a span. */
  function namedValue(key: string, target: CompanyTarget, span: Span): string | number | undefined {
    switch (key) {
      case 'truckId':
        return target.truckId;
      case 'plate':
      case 'signCode':
      case 'search':
        return target.plate;
      case 'companyCode':
      case 'companyCodes':
        return target.company;
      case 'eventId':
        return target.eventId;
      case 'id':
        return target.photoId;
      case 'ids':
        return target.sendIds;
      case 'startTime':
        return span === 'day' ? now - DAY_MS : target.eventTime - MINUTE_MS;
      case 'endTime':
        return span === 'day' ? now : target.eventTime + MINUTE_MS;
      case 'channel':
        return 1;
      case 'userId':
        return fixture.userId;
      default:
        return undefined;
    }
  }

  /** A value the schema takes, for a required field no company names (a file name, a dashboard's range). */
  function schemaValue(schema: Readonly<Record<string, unknown>>): string | number {
    const choices = schema['enum'];
    if (Array.isArray(choices) && (typeof choices[0] === 'string' || typeof choices[0] === 'number')) return choices[0];
    const minimum = schema['minimum'];
    return schema['type'] === 'integer' || schema['type'] === 'number' ? (typeof minimum === 'number' ? minimum : 1) : 'x';
  }

  /** A call of a read: a path parameter `key` is the target's row of the call's screen, the query as the aim says. */
  function probeOf(route: GuardedRoute, aim: Aim, span: Span): Probe {
    const target = aim === 'plain' ? fixture.mine : fixture.other;
    const named = new Set<string>();
    const screen = screenInUrl(route.url);
    const rowKey = screen === undefined ? undefined : target.rows.get(entityFor(screen)?.path ?? '');
    const path = route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
      if (name === 'key' && rowKey !== undefined) {
        named.add(name);
        return encodeURIComponent(rowKey);
      }
      return name === 'roleId' ? String(fixture.roleId) : '0';
    });
    const schema = (route.schema?.querystring ?? {}) as QuerySchema;
    const query = new URLSearchParams();
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const required = schema.required?.includes(key) === true;
      if (aim === 'plain' && !required) continue;
      const value = namedValue(key, target, span) ?? (required ? schemaValue(property) : undefined);
      if (value === undefined) continue;
      query.set(key, String(value));
      if (COMPANY_FIELDS.has(key) && namedValue(key, target, span) !== undefined) named.add(key);
    }
    const search = query.toString();
    return { route, aim, span, url: search === '' ? path : `${path}?${search}`, named };
  }

  async function answerOf(url: string): Promise<Answer> {
    const response = await fetch(`${api.server.url}${url}`, { headers: { 'header-id': fixture.token } });
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) return { status: response.status, type, json: await response.json() };
    if (type.startsWith('text/') || type.includes('mpegurl')) return { status: response.status, type, text: await response.text() };
    await response.arrayBuffer();
    return { status: response.status, type };
  }

  /**
   * Every read called as both aims, a few at a time (the server answers one while the next is on its way); a call
   * that refuses a day's range (400) is called again over the target's event.
   */
  async function walk(): Promise<void> {
    const queue = reads.flatMap((route) => (['plain', 'aimed'] as const).map((aim) => probeOf(route, aim, 'day')));
    const worker = async () => {
      for (let probe = queue.shift(); probe !== undefined; probe = queue.shift()) {
        probes.push(probe);
        const answer = answers.get(probe.url) ?? (await answerOf(probe.url));
        answers.set(probe.url, answer);
        if (probe.span === 'day' && resultCodeOf(answer) === 400 && probe.url.includes('startTime=')) queue.push(probeOf(probe.route, probe.aim, 'event'));
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  }

  beforeAll(async () => {
    api = await startEntityServer();
    fixture = await companyFixture(api);
    reads = api.server.app.accessTable.filter(isRead);
    await walk();
  }, WALK_TIMEOUT_MS);
  afterAll(async () => api.close());

  const answered = (probe: Probe): Answer => {
    const answer = answers.get(probe.url);
    if (!answer) throw new Error(`no answer to ${probe.url}`);
    return answer;
  };

  it('calls every report, master-data and dashboard read, and the calls beside them', () => {
    const walked = new Set(reads.flatMap((route) => screensOf(route.access)));
    const defined = [...REPORT_DEFS, ...Object.values(ENTITIES), ...Object.values(INDICATORS)].map((def) => def.path);
    expect(defined.filter((path) => !walked.has(path))).toEqual([]);
    expect(reads.length).toBeGreaterThan(defined.length * 2);
  });

  it('answers no call with a row of another company, whatever the call names', () => {
    const leaks = probes.flatMap((probe) => {
      const found = rowIn(answered(probe), fixture.otherMarks);
      return found === undefined ? [] : [`GET ${probe.url} → ${found}`];
    });
    expect([...new Set(leaks)]).toEqual([]);
  });

  it('answers a call narrowed to another company with nothing: no row, count or sum', () => {
    const narrowed = probes.filter((probe) => probe.aim === 'aimed' && [...probe.named].some((field) => NARROWING_FIELDS.has(field)));
    const answeredSome = narrowed.filter((probe) => {
      const answer = answered(probe);
      return resultCodeOf(answer) === 200 && isRecord(answer.json) && !isEmpty(answer.json['data']);
    });
    expect(answeredSome.map((probe) => probe.url)).toEqual([]);
    expect(narrowed.length).toBeGreaterThan(REPORT_DEFS.length);
  });

  it("answers a call naming another company's truck, photo or row with no file", () => {
    const served = probes.filter((probe) => {
      const answer = answered(probe);
      return probe.aim === 'aimed' && probe.named.size > 0 && answer.status === 200 && answer.json === undefined && answer.text === undefined;
    });
    expect(served.map((probe) => probe.url)).toEqual([]);
  });

  it("shows the caller's own rows in many answers, so the walk reads real data (the others are counts, sums and refusals)", () => {
    const plain = probes.filter((probe) => probe.aim === 'plain');
    const own = plain.filter((probe) => rowIn(answered(probe), fixture.mineMarks) !== undefined);
    expect(own.length).toBeGreaterThan(plain.length / 3);
  });
});
