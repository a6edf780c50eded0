// One server over the simulator's seeded fleet with a session per demo account, the entity calls as functions, and a
// valid new row for any definition: what every entity test drives.
import { ENTITIES, entityFor } from '../../../domain/screens/entities/registry';
import type { EntityDef, EntityField } from '../../../domain/screens/entities/definition';
import { confirmKey, fileContentKey, isCreateOnly } from '../../../domain/screens/entities/validate';
import { ROLE } from '../../../server/seed/accounts';
import {
  entityCallPath, isEntityRow, isStoredPhoto, photoUploadPath, type EntityPage, type EntityRow, type StoredPhoto,
} from '../../../domain/screens/entities/wire';
import type { Envelope } from '../../../domain/wire/envelope';
import { API, call, login } from '../../helpers/api';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { startServer, type RunningServer } from '../../helpers/server';
import { DEFAULT_SIM } from '../reports/seeded-server';
import { png } from './images';
import { insertRecord } from './records';
import { SAMPLE_TANK_TABLE, SAMPLE_UPGRADE } from './sample-files';

export const DEFS: readonly EntityDef[] = Object.values(ENTITIES);
/** The screens rows are added to and changed on: all but the read-only lists. */
export const WRITABLE_DEFS: readonly EntityDef[] = DEFS.filter((def) => def.readOnly !== true);

const TRUCK_PATH = '/setting/base_data/truck';

export type DemoUser = 'admin' | 'manager' | 'operator' | 'garden';
type Lang = 'zh' | 'en';
type Form = Readonly<Record<string, string | number>>;

export interface EntityServer {
  readonly server: RunningServer;
  token(user: DemoUser): string;
  list(def: EntityDef, user: DemoUser, query?: Form, lang?: Lang): Promise<Envelope<EntityPage>>;
  /** Every row the user sees, in the definition's order. */
  all(def: EntityDef, user: DemoUser): Promise<EntityRow[]>;
  create(def: EntityDef, user: DemoUser, form: Form, lang?: Lang): Promise<Envelope<unknown>>;
  update(def: EntityDef, user: DemoUser, key: string, form: Form, lang?: Lang): Promise<Envelope<unknown>>;
  status(def: EntityDef, user: DemoUser, key: string, form: Form, lang?: Lang): Promise<Envelope<unknown>>;
  /** Uploads bytes to a definition's photo call as `user`. */
  upload(def: EntityDef, user: DemoUser, bytes: Uint8Array, lang?: Lang, contentType?: string): Promise<Envelope<StoredPhoto | null>>;
  /**
   * A valid new row of the definition, as `validInput` but with what only the server can tell: a company of its own
   * where the company field is unique (a threshold row per company), a plate of a truck of the row's company for a
   * truck reference, and an uploaded photo for a photo field.
   */
  input(def: EntityDef, tag: string, company?: string): Promise<Record<string, string>>;
  /** A company for a new row: `preferred` (C002 by default), or for a unique company field one holding no row yet. */
  companyFor(def: EntityDef, preferred?: string): Promise<string>;
  /** At least `count` rows the administrator sees, made by the administrator when fewer are stored; the ones made. */
  ensureRows(def: EntityDef, count: number): Promise<EntityRow[]>;
  /** The manager's companies: its seeded four and the organisations this server's helpers made for it. */
  managerCompanies(): readonly string[];
  close(): Promise<void>;
}

/** The organisations of the seeded fleet a row may be put in: the manager's (C001, without trucks, last), then C005. */
const SEEDED_COMPANIES = ['C002', 'C003', 'C004', 'C001', 'C005'];
const MANAGER_SEEDED = ['C002', 'C003', 'C004', 'C001'];
/** The seeded organisations with trucks (C001 has none): a row that must name a truck is put in one of them. */
const TRUCK_COMPANIES = ['C002', 'C003', 'C004', 'C005'];

/** A definition whose rows must name a truck. */
const needsTruck = (def: EntityDef) => def.fields.some((field) => field.type === 'reference' && field.ref?.path === TRUCK_PATH && field.required === true);


/** What a PUT answers for a screen without an edit call (an append-only record): no such call. */
export function noSuchCall(def: EntityDef, key: string): Envelope<null> {
  return { resultCode: 404, message: `No such call: ${API}${entityCallPath(def.path)}/${key}`, data: null };
}

/** The definition of a screen a test names, or a failure. */
export function defAt(path: string): EntityDef {
  const def = entityFor(path);
  if (!def) throw new Error(`no entity ${path}`);
  return def;
}

interface EntityServerOptions {
  /**
   * The manager's role (用户管理员) also holds the device-parameter function, so every screen's writes are checked with
   * a caller of some companies; true by default. The seeded role lacks it, which device-param-access tests.
   */
  readonly managerHoldsDeviceParameter?: boolean;
}

export async function startEntityServer(options: EntityServerOptions = {}): Promise<EntityServer> {
  const server = await startServer({ database: await seededFleetDatabase(DEFAULT_SIM) });
  if (options.managerHoldsDeviceParameter !== false) {
    const { db } = server.services;
    const role = await db.selectFrom('role').select('id').where('roleName', '=', ROLE.userAdmin).executeTakeFirstOrThrow();
    await db.insertInto('roleFunction').values({ roleId: role.id, functionId: 'device_parameter' }).execute();
  }
  const [admin, manager, operator, garden] = await Promise.all(['admin', 'manager', 'operator', 'garden'].map((user) => login(server.url, user)));
  if (!admin || !manager || !operator || !garden) throw new Error('a demo login failed');
  const tokens: Record<DemoUser, string> = { admin: admin.token, manager: manager.token, operator: operator.token, garden: garden.token };
  const send = <T>(method: string, path: string, user: DemoUser, options: { form?: Form; query?: Form; lang?: Lang }) =>
    call<T>(server.url, method, path, { token: tokens[user], ...options });
  const api: EntityServer = {
    server,
    token: (user) => tokens[user],
    list: (def, user, query = {}, lang) => send<EntityPage>('GET', entityCallPath(def.path), user, { query, lang }),
    async all(def, user) {
      const answer = await api.list(def, user, { size: 1000 });
      if (answer.resultCode !== 200) throw new Error(`list ${def.path} as ${user}: ${answer.message}`);
      return [...answer.data.rows];
    },
    create: (def, user, form, lang) => send('POST', entityCallPath(def.path), user, { form, lang }),
    update: (def, user, key, form, lang) => send('PUT', `${entityCallPath(def.path)}/${encodeURIComponent(key)}`, user, { form, lang }),
    status: (def, user, key, form, lang) => send('POST', `${entityCallPath(def.path)}/${encodeURIComponent(key)}/status`, user, { form, lang }),
    async upload(def, user, bytes, lang = 'zh', contentType = 'image/png') {
      const response = await fetch(`${server.url}${API}${photoUploadPath(def.path)}`, {
        method: 'POST',
        headers: { 'header-id': tokens[user], cookie: `language=${lang}`, 'content-type': contentType },
        body: new Uint8Array(bytes),
      });
      return (await response.json()) as Envelope<StoredPhoto | null>;
    },
    async input(def, tag, company) {
      const owner = company ?? (await api.companyFor(def));
      const input = validInput(def, tag, owner);
      for (const field of def.fields) {
        if (field.type === 'reference' && field.ref?.path === TRUCK_PATH) input[field.key] = field.unique !== undefined ? await freePlateIn(def, field.key, owner) : await plateIn(owner);
        if (field.type === 'photo') input[field.key] = await photoName(def);
      }
      return input;
    },
    async companyFor(def, preferred) {
      const field = def.fields.find((entry) => entry.key === 'companyCode');
      if (field?.unique === undefined) return preferred ?? 'C002';
      const taken = new Set((await api.all(def, 'admin')).map((row) => row.values['companyCode']));
      if (preferred !== undefined) {
        if (taken.has(preferred)) throw new Error(`${def.path} already has a row of ${preferred}`);
        return preferred;
      }
      // The manager's own, so the manager may move a row there too.
      return MANAGER_SEEDED.find((code) => !taken.has(code)) ?? (await freshCompany());
    },
    async ensureRows(def, count) {
      const made: EntityRow[] = [];
      for (let held = (await api.all(def, 'admin')).length; held < count; held += 1) {
        if (def.readOnly === true) {
          // Nobody saves these rows through a screen: the send engine writes them.
          const key = await insertRecord(server.services.db, def, TRUCK_COMPANIES[held % TRUCK_COMPANIES.length] ?? 'C002', held);
          made.push(...(await api.all(def, 'admin')).filter((row) => row.key === key));
          continue;
        }
        const companies = needsTruck(def) ? TRUCK_COMPANIES : SEEDED_COMPANIES;
        const company = await api.companyFor(def, def.fields.some((field) => field.key === 'companyCode' && field.unique !== undefined) ? undefined : companies[held % companies.length]);
        made.push(savedRow(await api.create(def, 'admin', await api.input(def, `row${held}`, company))));
      }
      return made;
    },
    managerCompanies: () => [...MANAGER_SEEDED, ...fresh],
    close: () => server.close(),
  };

  const plates = new Map<string, string>();
  /** A plate of one of the company's trucks, read from the truck list; none for a company without trucks. */
  async function plateIn(company: string): Promise<string> {
    const known = plates.get(company);
    if (known !== undefined) return known;
    const page = await api.list(defAt(TRUCK_PATH), 'admin', { companyCode: company, size: 1 });
    const plate = String(page.data.rows[0]?.values['signCode'] ?? '');
    plates.set(company, plate);
    return plate;
  }

  /** A plate of the company no row of the definition names yet: a unique truck reference (a truck's one camera row). */
  async function freePlateIn(def: EntityDef, key: string, company: string): Promise<string> {
    const taken = new Set((await api.all(def, 'admin')).map((row) => row.values[key]));
    const page = await api.list(defAt(TRUCK_PATH), 'admin', { companyCode: company, size: 1000 });
    const free = page.data.rows.map((row) => String(row.values['signCode'])).find((plate) => !taken.has(plate));
    if (free === undefined) throw new Error(`every truck of ${company} has a ${def.path} row`);
    return free;
  }

  let photo: string | undefined;
  async function photoName(def: EntityDef): Promise<string> {
    if (photo === undefined) {
      const answer = await api.upload(def, 'admin', png());
      if (!isStoredPhoto(answer.data)) throw new Error(`photo upload failed: ${answer.message}`);
      photo = answer.data.name;
    }
    return photo;
  }

  const fresh: string[] = [];
  /** A new organisation below C002, made by the manager: granted to it, and seen by every superMan. */
  async function freshCompany(): Promise<string> {
    const code = `F${fresh.length + 1}`;
    const def = defAt('/setting/base_data/company');
    savedRow(await api.create(def, 'manager', { ...validInput(def, `fresh-${code}`), code, parentCode: 'C002' }));
    fresh.push(code);
    return code;
  }
  return api;
}

/** A short, stable text of a tag, for unique values a field is too short to hold the tag itself (a driver code). */
function digest(text: string, length: number, alphabet = '0123456789abcdefghijklmnopqrstuvwxyz'): string {
  let out = '';
  // FNV-1a, re-seeded per character taken: collisions between the few tags of a test run are negligible.
  for (let round = 0; out.length < length; round += 1) {
    let hash = 0x811c9dc5 ^ round;
    for (const c of text) hash = Math.imul(hash ^ (c.codePointAt(0) ?? 0), 0x01000193) >>> 0;
    out += alphabet[hash % alphabet.length];
  }
  return out;
}

/** A number inside a field's bounds, away from both ends where they allow it. */
function numberIn(field: EntityField): number {
  const min = field.min ?? 0;
  const max = field.max ?? min + 1000;
  if (field.type === 'integer') return Math.min(max, min + 150);
  return Math.round(((min + max) / 2) * 1e6) / 1e6;
}

/** A valid value of a field, unique by `tag` where the field must be; `company` for company fields. */
function validValue(field: EntityField, tag: string, company = 'C002'): string {
  switch (field.type) {
    case 'text': {
      // A camera's main and backup server.
      if (field.format === 'ipPorts') return '10.20.30.40:6608,10.20.30.41';
      const max = field.maxLength ?? 50;
      const plain = `${field.key}-${tag}`;
      return [...plain].length <= max ? plain : `t${digest(`${field.key}:${tag}`, Math.min(max, 12) - 1)}`;
    }
    case 'integer':
    case 'decimal':
      return String(numberIn(field));
    case 'latitude':
      return '31.234567';
    case 'longitude':
      return '121.456789';
    case 'select':
      return field.options?.[0]?.value ?? '';
    case 'company':
      return company;
    case 'phone':
      // A unique phone (a SIM card's) follows the tag; any other is the same mobile.
      return field.unique !== undefined ? `139${digest(`${field.key}:${tag}`, 8, '0123456789')}` : '13800138000';
    case 'email':
      return 'fleet@example.cn';
    case 'date':
      return '2024-05-01';
    case 'idCard':
      return VALID_ID_CARD;
    case 'reference':
      // A role every company may name; a truck needs the row's company (EntityServer.input reads one).
      return field.required === true ? ROLE.dispatcher : '';
    case 'photo':
      return '';
    case 'password':
      return 'secret-1';
    case 'file':
      // A .txt fits both rules: a tank table's and an upgrade file's (any type).
      return `file-${digest(`${field.key}:${tag}`, 8)}.txt`;
    case 'dateTime':
      return '';
  }
}

/** A file field's valid content as a form sends it: a sample tank table, or an upgrade file's bytes, in base64. */
function validFileContent(field: EntityField): string {
  return field.file?.rule === 'tankTable' ? Buffer.from(SAMPLE_TANK_TABLE).toString('base64') : SAMPLE_UPGRADE.toString('base64');
}

/** A real identity number: its date exists and its check digit is right. */
export const VALID_ID_CARD = '11010519491231002X';

/** A valid new row: every field a form sets, unique values tagged, each password confirmed, each file's content. */
export function validInput(def: EntityDef, tag: string, company = 'C002'): Record<string, string> {
  const input: Record<string, string> = {};
  for (const field of def.fields) {
    if (field.readOnly === true) continue;
    input[field.key] = validValue(field, tag, company);
    if (field.type === 'password') input[confirmKey(field)] = input[field.key] ?? '';
    if (field.type === 'file') input[fileContentKey(field)] = validFileContent(field);
  }
  return input;
}

/** An edit's form: every field but the fixed ones and those the server sets, as the row holds them, and the version (a file kept). */
export function editForm(def: EntityDef, row: EntityRow, changes: Form = {}): Record<string, string | number> {
  const form: Record<string, string | number> = { version: row.version };
  for (const field of def.fields) if (!isCreateOnly(field) && field.readOnly !== true) form[field.key] = row.values[field.key] ?? '';
  return { ...form, ...changes };
}

/** A short label of a definition for test names. */
export const nameOf = (def: EntityDef) => def.path.split('/').pop() ?? def.path;

/** The answer's row, failing with its message when the call did not save. */
export function savedRow(answer: Envelope<unknown>): EntityRow {
  if (answer.resultCode !== 200 || !isEntityRow(answer.data)) throw new Error(`not saved: ${answer.resultCode} ${answer.message}`);
  return answer.data;
}
