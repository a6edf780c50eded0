// Two companies' rows in every table a read route answers from, and what marks a row as one company's (its code, its
// name, the plates and ids of its trucks), on the entity tests' seeded server: what the company-scope walk reads.
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { TRIGGER_EVENT_KINDS } from '../../../domain/photos/photo-triggers';
import { photoId } from '../../../domain/photos/photo-wire';
import { ROUTES } from '../../../domain/routes';
import { createSession } from '../../../server/auth/sessions';
import type { Db } from '../../../server/db/open';
import { DEFS, savedRow, type EntityServer } from '../entities/entity-server';
import { insertRecord } from '../entities/records';

/** What marks an answer as holding a company's rows. */
export interface CompanyMarks {
  readonly codes: ReadonlySet<string>;
  readonly names: ReadonlySet<string>;
  readonly plates: readonly string[];
  readonly truckIds: ReadonlySet<number>;
}

/** One company's values a call may name: a truck of it, its plate, an event, a photo, sends, a row of each screen. */
export interface CompanyTarget {
  readonly company: string;
  readonly truckId: number;
  readonly plate: string;
  readonly eventId: number;
  /** When that event began: a range around it is short enough for any call (a video clip's three minutes). */
  readonly eventTime: number;
  readonly photoId: string;
  readonly sendIds: string;
  /** A row key per entity screen path. */
  readonly rows: ReadonlyMap<string, string>;
}

export interface CompanyFixture {
  /** The caller's one company, and the others' (neither it nor one above it). */
  readonly mine: CompanyTarget;
  readonly other: CompanyTarget;
  readonly mineMarks: CompanyMarks;
  readonly otherMarks: CompanyMarks;
  /** A session of a user of `mine` only, whose role holds every screen and is no superMan. */
  readonly token: string;
  readonly userId: number;
  readonly roleId: number;
}

/** The company a row belongs to: its company field, or an organisation's own code. */
const companyOf = (def: EntityDef, values: Readonly<Record<string, unknown>>): unknown => (def.scope === 'organisation' ? values['code'] : values['companyCode']);

const TRIGGER_KINDS = Object.values(TRIGGER_EVENT_KINDS).flat();

/** A row of the company in every screen whose rows are a company's, made by the administrator where none is stored. */
async function rowsOf(api: EntityServer, company: string): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  for (const def of DEFS.filter((entry) => entry.scope !== 'role')) {
    let row = (await api.all(def, 'admin')).find((stored) => companyOf(def, stored.values) === company);
    if (!row) {
      if (def.readOnly === true) await insertRecord(api.server.services.db, def, company, rows.size);
      else row = savedRow(await api.create(def, 'admin', await api.input(def, `scope-${company}`, company)));
      row ??= (await api.all(def, 'admin')).find((stored) => companyOf(def, stored.values) === company);
    }
    if (!row) throw new Error(`no ${def.path} row of ${company}`);
    rows.set(def.path, row.key);
  }
  return rows;
}

/** Two sends of each of the company's first trucks, as the send engine stores them. */
async function sendsOf(db: Db, company: string, truckIds: readonly number[]): Promise<string> {
  const now = Date.now();
  const made = await db.insertInto('deviceSend').values(truckIds.slice(0, 2).map((truckId, index) => ({
    companyCode: company, truckId, kind: 'command' as const, target: `scope-${company}-${index}`, description: '', payload: '{}', sourceId: null,
    status: 'sent' as const, step: 1, steps: 1, sendTimes: 1, requiredAt: now - index * 1000, actualAt: now, completedAt: now, createdBy: 'admin', updatedAt: now,
  }))).returning('id').execute();
  return made.map((row) => row.id).join(',');
}

/**
 * A company's target: `withCamera` picks a truck with a camera and a photo (the other company's, so a leak would have
 * the most to show), else one without a camera (the caller's, so calls of its truck open no video stream).
 */
async function targetOf(api: EntityServer, company: string, withCamera: boolean): Promise<CompanyTarget> {
  const { db } = api.server.services;
  const trucks = await db.selectFrom('truck as t').leftJoin('truckCamera as c', 'c.truckId', 't.id')
    .select(['t.id', 't.signCode', 'c.totalChannels']).where('t.companyCode', '=', company).orderBy('t.id').execute();
  const truck = trucks.find((entry) => (Number(entry.totalChannels ?? 0) > 0) === withCamera);
  if (!truck) throw new Error(`${company} has no truck ${withCamera ? 'with' : 'without'} a camera`);
  const event = await db.selectFrom('event').select(['id', 'startTime']).where('truckId', '=', truck.id).where('kind', 'in', TRIGGER_KINDS)
    .orderBy('startTime', 'desc').executeTakeFirst();
  if (!event) throw new Error(`truck ${truck.signCode} has no event that takes a photo`);
  return {
    company, truckId: truck.id, plate: truck.signCode, eventId: event.id, eventTime: Number(event.startTime), photoId: photoId(event.id, 1),
    sendIds: await sendsOf(db, company, trucks.map((entry) => entry.id)), rows: await rowsOf(api, company),
  };
}

async function marksOf(db: Db, companies: readonly string[]): Promise<CompanyMarks> {
  const [named, trucks] = await Promise.all([
    db.selectFrom('company').select(['code', 'name']).where('code', 'in', [...companies]).execute(),
    db.selectFrom('truck').select(['id', 'signCode']).where('companyCode', 'in', [...companies]).execute(),
  ]);
  return {
    codes: new Set(named.map((company) => company.code)),
    names: new Set(named.map((company) => company.name)),
    plates: trucks.map((truck) => truck.signCode),
    truckIds: new Set(trucks.map((truck) => truck.id)),
  };
}

/** A role holding every screen, not a superMan, and a user of `company` alone with a session. */
async function callerOf(db: Db, company: string): Promise<{ token: string; userId: number; roleId: number }> {
  const role = await db.insertInto('role').values({ roleName: 'scope-walker', description: '', superMan: 0, status: 1 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('roleFunction').values(ROUTES.map((route) => ({ roleId: role.id, functionId: route.path }))).execute();
  const user = await db.insertInto('appUser').values({
    userName: 'scope-walker', realName: '', roleId: role.id, companyCode: company, passwordHash: '-', status: 1, avatar: '',
    lastLoginIp: null, lastLoginArea: null, lastLoginTime: null,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('userCompany').values({ userId: user.id, companyCode: company }).execute();
  return { token: await createSession(db, user.id, '127.0.0.1'), userId: user.id, roleId: role.id };
}

/**
 * The caller's company is the first with trucks; the other companies are all those with trucks but it and the
 * companies above it (a row of the caller's may name its parent's code).
 */
export async function companyFixture(api: EntityServer): Promise<CompanyFixture> {
  const { db } = api.server.services;
  const companies = await db.selectFrom('company').select(['code', 'parentCode']).orderBy('code').execute();
  const withTrucks = new Set((await db.selectFrom('truck').select('companyCode').distinct().execute()).map((row) => row.companyCode));
  const mine = companies.find((company) => withTrucks.has(company.code));
  if (!mine) throw new Error('no company has trucks');
  const above = new Set<string>();
  for (let code = mine.parentCode; code !== null && !above.has(code); code = companies.find((company) => company.code === code)?.parentCode ?? null) above.add(code);
  const others = companies.filter((company) => company.code !== mine.code && !above.has(company.code) && withTrucks.has(company.code)).map((company) => company.code);
  const [other] = others;
  if (other === undefined) throw new Error('one company has trucks: nothing to keep apart');
  const caller = await callerOf(db, mine.code);
  return {
    mine: await targetOf(api, mine.code, false),
    other: await targetOf(api, other, true),
    mineMarks: await marksOf(db, [mine.code]),
    otherMarks: await marksOf(db, others),
    ...caller,
  };
}
