// What a simulated device does with a send once it has it all (docs/device-sends.md): it judges the content
// as a real console would (a value its hardware cannot take is a data error), applies it, and the server records each
// value it changed (params_record, modify_record). Runs inside the transaction that moves the send's status.
import { paramFileDef } from '../../domain/params/catalogue';
import { isParamFileName, type ParamFileDef } from '../../domain/params/catalogue-types';
import { diffParamDocuments } from '../../domain/params/param-diff';
import { checkParamDocument } from '../../domain/params/param-limits';
import { paramNumber, paramValue, parseParamFile, withParamValue, writeParamFile, type ParamDocument } from '../../domain/params/param-text';
import { tankTableFacts } from '../../domain/params/tank-table-math';
import { parseTankTable, writeTankTable, type TankTable } from '../../domain/params/tank-table';
import type { SendKind } from '../../domain/params/send-status';
import type { Db } from '../db/open';
import type { Row } from '../db/schema';
import { DEVICE_STATE_FILES, updateDeviceFile } from '../sends/device-files';
import type { SendStatus } from '../sends/send-store';

type Send = Row<'deviceSend'>;

/** A changed value: where, before, after. */
interface ValueChange {
  readonly item: string;
  readonly oldValue: string;
  readonly newValue: string;
}

export interface Arrival {
  readonly status: SendStatus;
  /** Values changed on the device (recorded as param_change rows). */
  readonly changes: number;
  /** A tank table the device now uses. */
  readonly tankTable?: TankTable;
}

const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

async function recordChanges(trx: Db, send: Send, file: string, changes: readonly ValueChange[], now: number): Promise<number> {
  if (changes.length === 0) return 0;
  await trx.insertInto('paramChange').values(changes.map((change, i) => ({
    companyCode: send.companyCode, truckId: send.truckId, sendId: send.id, kind: send.kind, file, item: cut(change.item),
    oldValue: cut(change.oldValue), newValue: cut(change.newValue), mode: 'remote', sequence: i + 1,
    remark: cut(send.description), changedBy: send.createdBy, changedAt: now,
  }))).execute();
  return changes.length;
}

/**
 * The device's own limit beyond the catalogue's: it cannot have more compartments than the truck was built with (a
 * truck without tanks still has the one a console's file always names).
 */
async function hardwareRefuses(trx: Db, def: ParamFileDef, doc: ParamDocument, truckId: number): Promise<boolean> {
  if (def.name !== 'syscfg.txt') return false;
  const field = def.header.find((candidate) => candidate.key === 'tankCabinsCount');
  const raw = paramValue(doc, { key: 'tankCabinsCount' });
  if (!field || raw === undefined) return false;
  const truck = await trx.selectFrom('truck').select('compartments').where('id', '=', truckId).executeTakeFirst();
  return truck !== undefined && (paramNumber(field, raw) ?? 0) > Math.max(1, truck.compartments);
}

async function paramFileArrived(trx: Db, send: Send, now: number): Promise<Arrival> {
  if (!isParamFileName(send.target)) return { status: 'dataError', changes: 0 };
  const def = paramFileDef(send.target);
  const parsed = parseParamFile(def, send.payload);
  if (!parsed.ok || checkParamDocument(def, parsed.doc).length > 0 || (await hardwareRefuses(trx, def, parsed.doc, send.truckId))) {
    return { status: 'dataError', changes: 0 };
  }
  const old = parseParamFile(def, await updateDeviceFile(trx, send.truckId, send.target, now, () => send.payload));
  const diff = old.ok ? diffParamDocuments(def, old.doc, parsed.doc) : [];
  const changes = diff.map(({ path, before, after }) => ({
    item: path.section === undefined ? path.key : `${path.section}.${path.index ?? 0}.${path.key}`, oldValue: before ?? '', newValue: after ?? '',
  }));
  return { status: 'sent', changes: await recordChanges(trx, send, send.target, changes, now) };
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Settings kept as one JSON state file: each key that differs from the device's copy is a change. */
async function settingsArrived(trx: Db, send: Send, name: string, values: Record<string, unknown>, now: number): Promise<Arrival> {
  const old = jsonObject(await updateDeviceFile(trx, send.truckId, name, now, (copy) => JSON.stringify({ ...jsonObject(copy), ...values }))) ?? {};
  const changes = Object.entries(values)
    .filter(([key, value]) => String(old[key] ?? '') !== String(value))
    .map(([key, value]) => ({ item: key, oldValue: old[key] === undefined ? '' : String(old[key]), newValue: String(value) }));
  return { status: 'sent', changes: await recordChanges(trx, send, send.kind, changes, now) };
}

const CONSOLE_UPGRADE = 1;

/** A console upgrade also changes the version the console reports in its syscfg.txt (sysVerStr, read-only). */
async function reportVersion(trx: Db, truckId: number, version: string, now: number): Promise<void> {
  const def = paramFileDef('syscfg.txt');
  await updateDeviceFile(trx, truckId, def.name, now, (copy) => {
    const parsed = parseParamFile(def, copy);
    return parsed.ok && paramValue(parsed.doc, { key: 'sysVerStr' }) !== undefined
      ? writeParamFile(withParamValue(parsed.doc, { key: 'sysVerStr' }, version))
      : undefined;
  });
}

async function upgradeArrived(trx: Db, send: Send, now: number): Promise<Arrival> {
  const payload = jsonObject(send.payload);
  const type = payload?.['fileType'];
  const version = payload?.['fileVersion'];
  if (typeof type !== 'number' || typeof version !== 'string') return { status: 'dataError', changes: 0 };
  const arrival = await settingsArrived(trx, send, DEVICE_STATE_FILES.firmware, { [`type${type}`]: version }, now);
  if (type === CONSOLE_UPGRADE) await reportVersion(trx, send.truckId, version.slice(0, 32), now);
  return arrival;
}

async function commandArrived(trx: Db, send: Send, now: number): Promise<Arrival> {
  const payload = jsonObject(send.payload);
  const command = payload?.['command'];
  if (typeof command !== 'string') return { status: 'dataError', changes: 0 };
  const argument = typeof payload?.['argument'] === 'string' ? payload['argument'] : '';
  return { status: 'sent', changes: await recordChanges(trx, send, 'command', [{ item: command, oldValue: '', newValue: argument }], now) };
}

/**
 * A tank table the gauge checks: a text it cannot read fails; a pipeline volume larger than the smallest compartment
 * cannot be a manifold's and fails as a pipeline-oil send; otherwise the gauge synchronises to it.
 */
async function tankTableArrived(trx: Db, send: Send): Promise<Arrival> {
  const row = await trx.selectFrom('tankTable').select(['content', 'pipelineCapacity']).where('id', '=', send.sourceId ?? 0).executeTakeFirst();
  const parsed = row ? parseTankTable(row.content) : undefined;
  if (!row || !parsed?.ok) return { status: 'failed', changes: 0 };
  const smallest = Math.min(...tankTableFacts(parsed.table).compartments.map((c) => c.capacityL));
  return { status: row.pipelineCapacity > smallest ? 'pipelineFailed' : 'synchronizing', changes: 0 };
}

const ARRIVALS: Readonly<Record<SendKind, (trx: Db, send: Send, now: number) => Promise<Arrival>>> = {
  paramFile: paramFileArrived,
  upgradeFile: upgradeArrived,
  command: commandArrived,
  parameter: async (trx, send, now) => {
    const values = jsonObject(send.payload);
    return values ? settingsArrived(trx, send, DEVICE_STATE_FILES.parameter, values, now) : { status: 'dataError', changes: 0 };
  },
  camera: async (trx, send, now) => {
    const values = jsonObject(send.payload);
    return values ? settingsArrived(trx, send, DEVICE_STATE_FILES.camera, values, now) : { status: 'dataError', changes: 0 };
  },
  tankTable: (trx, send) => tankTableArrived(trx, send),
};

export function judgeArrival(trx: Db, send: Send, now: number): Promise<Arrival> {
  return ARRIVALS[send.kind](trx, send, now);
}

/** Level gauge probe addresses start here: compartment 1's probe is 0xC0. */
const FIRST_PROBE = 0xc0;

/**
 * The device confirms it uses the tank table: the truck's table in use before becomes history (its send too), the
 * ATG probes get their compartments' rows, and the change is recorded.
 */
export async function confirmTankTable(trx: Db, send: Send, now: number): Promise<Arrival> {
  const row = await trx.selectFrom('tankTable').select(['id', 'serialNo', 'content']).where('id', '=', send.sourceId ?? 0).executeTakeFirst();
  const parsed = row ? parseTankTable(row.content) : undefined;
  if (!row || !parsed?.ok) return { status: 'failed', changes: 0 };
  const previous = await trx.selectFrom('tankTable').select(['id', 'serialNo']).where('truckId', '=', send.truckId).where('state', '=', 'inUse').where('id', '<>', row.id).execute();
  if (previous.length > 0) {
    const ids = previous.map((table) => table.id);
    await trx.updateTable('tankTable').set({ state: 'history' }).where('id', 'in', ids).execute();
    await trx.updateTable('deviceSend').set({ status: 'history', updatedAt: now }).where('kind', '=', 'tankTable').where('sourceId', 'in', ids).where('status', '=', 'inUse').execute();
  }
  await trx.deleteFrom('atgTankTable').where('truckId', '=', send.truckId).execute();
  const facts = tankTableFacts(parsed.table);
  await trx.insertInto('atgTankTable').values(parsed.table.compartments.map((compartment, i) => ({
    companyCode: send.companyCode, truckId: send.truckId, tankTableId: row.id, compartment: compartment.compartment,
    probeAddr: FIRST_PROBE + compartment.compartment - 1, points: compartment.rows.length,
    maxLevel: facts.compartments[i]?.heightMm ?? 0, maxVolume: facts.compartments[i]?.capacityL ?? 0,
    content: writeTankTable({ compartments: [compartment] }), effectTime: now,
  }))).execute();
  const changes = await recordChanges(trx, send, 'tankTable', [{ item: 'tankTable', oldValue: previous.map((t) => t.serialNo).join(','), newValue: row.serialNo }], now);
  return { status: 'inUse', changes, tankTable: parsed.table };
}
