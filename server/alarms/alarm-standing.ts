// Changing where alarms stand (the inbox's acknowledge, resolve and assign, and alarmCue): each change is one
// conditional update, so of two operators acting on one alarm at once exactly one changes it and the other is told who
// did; the change is kept as history and told to every console of the alarm's company.
import {
  ALARM_STATE_CODES, alarmStateOf, type AlarmStanding, type AlarmStateCode,
} from '../../domain/wire/alarm-inbox';
import { inCompanies } from '../auth/company-scope';
import type { Db } from '../db/open';
import type { Row } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';

export type AlarmAction =
  | { readonly kind: 'acknowledge' }
  | { readonly kind: 'resolve'; readonly note: string }
  | { readonly kind: 'assign'; readonly assignee: string | null };

interface ChangeResult {
  readonly changed: readonly AlarmStanding[];
  readonly unchanged: readonly AlarmStanding[];
  /** Seqs the caller may not see or that do not exist; answered alike so a call cannot probe other companies. */
  readonly unknown: readonly number[];
}

type StandingRow = Pick<Row<'alarm'>, 'seq' | 'state' | 'stateBy' | 'stateAt' | 'assignee' | 'note'>;
const STANDING_COLUMNS = ['seq', 'state', 'stateBy', 'stateAt', 'assignee', 'note'] as const;

export function standingOf(row: StandingRow): AlarmStanding {
  return { seq: row.seq, state: alarmStateOf(row.state), by: row.stateBy, at: row.stateAt, assignee: row.assignee, note: row.note };
}

/** The state an action leads to, from the state the alarm is in; undefined when the action does not apply there. */
function nextState(action: AlarmAction, from: AlarmStateCode): AlarmStateCode | undefined {
  switch (action.kind) {
    case 'acknowledge':
      return from === ALARM_STATE_CODES.new ? ALARM_STATE_CODES.acknowledged : undefined;
    case 'resolve':
      return from === ALARM_STATE_CODES.resolved ? undefined : ALARM_STATE_CODES.resolved;
    case 'assign':
      return from === ALARM_STATE_CODES.resolved ? undefined : from;
  }
}

/** The states an action may start from: the update's own condition, so a concurrent change that got there first wins. */
function fromStates(action: AlarmAction): readonly AlarmStateCode[] {
  const all = Object.values(ALARM_STATE_CODES);
  return all.filter((state) => nextState(action, state) !== undefined);
}

/**
 * Applies the action to the alarms `seqs` of `companies` as `userName` at `now`, in one transaction; then tells the
 * consoles. Per alarm: changed, unchanged (its standing as another change left it), or unknown.
 */
export async function changeAlarms(
  services: Services, companies: readonly string[], userName: string, seqs: readonly number[], action: AlarmAction, now = Date.now(),
): Promise<ChangeResult> {
  const wanted = [...new Set(seqs)];
  const result = await inTransaction(services.db, (trx) => applyAction(trx, companies, userName, wanted, action, now));
  if (result.changed.length > 0 && services.wire.extensionRoutes) {
    for (const [companyCode, changes] of result.byCompany) services.hub.publishNotice({ kind: 'alarmState', companyCode, changes });
  }
  return { changed: result.changed, unchanged: result.unchanged, unknown: result.unknown };
}

interface Applied extends ChangeResult {
  readonly byCompany: ReadonlyMap<string, AlarmStanding[]>;
}

async function applyAction(trx: Db, companies: readonly string[], userName: string, seqs: readonly number[], action: AlarmAction, now: number): Promise<Applied> {
  if (seqs.length === 0) return { changed: [], unchanged: [], unknown: [], byCompany: new Map() };
  const visible = await trx
    .selectFrom('alarm')
    .select(['seq', 'companyCode'])
    .where('seq', 'in', [...seqs])
    .where((eb) => inCompanies(eb, 'companyCode', companies))
    .execute();
  const companyOf = new Map(visible.map((row) => [row.seq, row.companyCode]));
  const unknown = seqs.filter((seq) => !companyOf.has(seq));
  if (visible.length === 0) return { changed: [], unchanged: [], unknown, byCompany: new Map() };

  const assignee = action.kind === 'assign' ? action.assignee : undefined;
  // One update per target state: acknowledge and resolve set one state for all; assign keeps each alarm's own.
  let update = trx
    .updateTable('alarm')
    .set((eb) => ({
      state: action.kind === 'assign' ? eb.ref('state') : action.kind === 'acknowledge' ? ALARM_STATE_CODES.acknowledged : ALARM_STATE_CODES.resolved,
      stateBy: userName,
      stateAt: now,
      ...(action.kind === 'resolve' ? { note: action.note } : {}),
      ...(assignee !== undefined ? { assignee } : {}),
    }))
    .where('seq', 'in', [...companyOf.keys()])
    .where('state', 'in', [...fromStates(action)]);
  // Giving an alarm to the one it is already given to changes nothing, and is told as unchanged.
  if (assignee !== undefined) update = update.where('assignee', 'is distinct from', assignee);
  const changedRows = await update.returning([...STANDING_COLUMNS]).execute();

  const changedSeqs = new Set(changedRows.map((row) => row.seq));
  if (changedRows.length > 0) {
    await trx
      .insertInto('alarmStateChange')
      .values(changedRows.map((row) => ({ seq: row.seq, state: row.state, by: userName, at: now, assignee: row.assignee, note: row.note })))
      .execute();
  }
  const left = [...companyOf.keys()].filter((seq) => !changedSeqs.has(seq));
  const unchangedRows = left.length === 0 ? [] : await trx.selectFrom('alarm').select([...STANDING_COLUMNS]).where('seq', 'in', left).execute();

  const changed = changedRows.map(standingOf).sort((a, b) => a.seq - b.seq);
  const byCompany = new Map<string, AlarmStanding[]>();
  for (const standing of changed) {
    const company = companyOf.get(standing.seq) ?? '';
    byCompany.set(company, [...(byCompany.get(company) ?? []), standing]);
  }
  return { changed, unchanged: unchangedRows.map(standingOf).sort((a, b) => a.seq - b.seq), unknown, byCompany };
}
