// One server over the simulator's seeded fleet with a session per demo account, the entity calls as functions, and a
// valid new row for any definition: what every entity test drives.
import { ENTITIES } from '../../../src/domain/screens/entities/registry';
import type { EntityDef, EntityField } from '../../../src/domain/screens/entities/definition';
import { confirmKey, isCreateOnly } from '../../../src/domain/screens/entities/validate';
import { ROLE } from '../../../server/seed/accounts';
import { entityCallPath, isEntityRow, type EntityPage, type EntityRow } from '../../../src/domain/screens/entities/wire';
import type { Envelope } from '../../../src/domain/wire/envelope';
import { call, login } from '../../helpers/api';
import { seededFleetDatabase } from '../../helpers/seeded-fleet';
import { startServer, type RunningServer } from '../../helpers/server';
import { DEFAULT_SIM } from '../reports/seeded-server';

export const DEFS: readonly EntityDef[] = Object.values(ENTITIES);

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
  close(): Promise<void>;
}

export async function startEntityServer(): Promise<EntityServer> {
  const server = await startServer({ database: await seededFleetDatabase(DEFAULT_SIM) });
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
    close: () => server.close(),
  };
  return api;
}

/** A valid value of a field, unique by `tag` where the field must be; `company` for company fields. */
export function validValue(field: EntityField, tag: string, company = 'C002'): string {
  switch (field.type) {
    case 'text':
      return `${field.key}-${tag}`.slice(0, field.maxLength ?? 50);
    case 'integer':
      return String(Math.min(field.max ?? 1000, (field.min ?? 0) + 150));
    case 'decimal':
      return '1.5';
    case 'latitude':
      return '31.234567';
    case 'longitude':
      return '121.456789';
    case 'select':
      return field.options?.[0]?.value ?? '';
    case 'company':
      return company;
    case 'phone':
      return '13800138000';
    case 'email':
      return 'fleet@example.cn';
    case 'date':
      return '2024-05-01';
    case 'idCard':
      return VALID_ID_CARD;
    case 'reference':
      // A role every company may name; an optional truck is left empty (a plate belongs to one company).
      return field.required === true ? ROLE.dispatcher : '';
    case 'photo':
      return '';
    case 'password':
      return 'secret-1';
  }
}

/** A real identity number: its date exists and its check digit is right. */
export const VALID_ID_CARD = '11010519491231002X';

/** A valid new row: every field set, unique values tagged, each password confirmed. */
export function validInput(def: EntityDef, tag: string, company = 'C002'): Record<string, string> {
  const input: Record<string, string> = {};
  for (const field of def.fields) {
    input[field.key] = validValue(field, tag, company);
    if (field.type === 'password') input[confirmKey(field)] = input[field.key] ?? '';
  }
  return input;
}

/** An edit's form: every field but the fixed ones, as the row holds them, and the version. */
export function editForm(def: EntityDef, row: EntityRow, changes: Form = {}): Record<string, string | number> {
  const form: Record<string, string | number> = { version: row.version };
  for (const field of def.fields) if (!isCreateOnly(field)) form[field.key] = row.values[field.key] ?? '';
  return { ...form, ...changes };
}

/** A short label of a definition for test names. */
export const nameOf = (def: EntityDef) => def.path.split('/').pop() ?? def.path;

/** The answer's row, failing with its message when the call did not save. */
export function savedRow(answer: Envelope<unknown>): EntityRow {
  if (answer.resultCode !== 200 || !isEntityRow(answer.data)) throw new Error(`not saved: ${answer.resultCode} ${answer.message}`);
  return answer.data;
}
