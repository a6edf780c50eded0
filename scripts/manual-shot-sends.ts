// The sends and tank tables the device-parameter shots show, made through the API as the admin (the only demo user
// holding the device-parameter functions) and answered by the pass's simulated devices, as on a real server.
import { paramFileDef } from '../domain/params/catalogue';
import { parseParamFile, withParamValue, writeParamFile } from '../domain/params/param-text';
import type { DeviceFileAnswer, SendAnswer, SendRow } from '../domain/params/send-wire';
import { sampleTankTable } from '../domain/params/tank-table-sample';
import type { EntityPage, EntityRow } from '../domain/screens/entities/wire';
import type { Envelope } from '../domain/wire/envelope';
import type { Paged } from '../domain/wire/records';
import type { ShotContext } from './manual-shots';

/** The company whose tankers the shots use. */
const COMPANY = 'C002';
const WAIT_MS = 30_000;

export interface ShotTruck {
  readonly id: number;
  readonly signCode: string;
  readonly compartments: number;
}

export interface ShotFleet {
  readonly online: readonly ShotTruck[];
  readonly offline: readonly ShotTruck[];
}

async function ok<T>(answer: Promise<Envelope<T>>, what: string): Promise<T> {
  const got = await answer;
  if (got.resultCode !== 200) throw new Error(`${what}: ${got.resultCode} ${got.message}`);
  return got.data;
}

/** The company's tankers with one to five compartments (a console's limit), split by whether their device answers. */
export async function shotFleet(ctx: ShotContext): Promise<ShotFleet> {
  const devices = ctx.answeringDevices();
  const page = await ok(ctx.api<EntityPage>('admin', 'GET', '/entity/setting/base_data/truck', { query: { size: 200, companyCode: COMPANY, sort: 'signCode' } }), 'trucks');
  const trucks = page.rows
    .filter((row) => row.values['model'] === 'fuel' && Number(row.values['compartments']) >= 1 && Number(row.values['compartments']) <= 5)
    .map((row: EntityRow) => ({ id: Number(row.key), signCode: String(row.values['signCode']), compartments: Number(row.values['compartments']) }));
  return { online: trucks.filter((truck) => devices.online(truck.id) === true), offline: trucks.filter((truck) => devices.online(truck.id) === false) };
}

/** The first truck's syscfg.txt with one value changed, sent to the trucks as the editor sends it. */
export async function sendSyscfg(ctx: ShotContext, trucks: readonly ShotTruck[], key: string, value: number, description: string): Promise<SendAnswer> {
  const [from] = trucks;
  if (!from) throw new Error('no truck to send to');
  const file = await ok(ctx.api<DeviceFileAnswer>('admin', 'GET', '/deviceFile', { query: { truckId: from.id, name: 'syscfg.txt' } }), 'syscfg.txt');
  const parsed = parseParamFile(paramFileDef('syscfg.txt'), file.content);
  if (!parsed.ok) throw new Error(`the device's syscfg.txt of ${from.signCode} does not parse`);
  const content = writeParamFile(withParamValue(parsed.doc, { key }, value));
  const form = { name: 'syscfg.txt', truckId: from.id, truckIds: trucks.map((truck) => truck.id).join(','), content, baseVersion: file.version, description };
  return ok(ctx.api<SendAnswer>('admin', 'POST', '/deviceFile/send', { form }), 'file send');
}

/** A screen's row sent to trucks (`POST /deviceSend`); a truck's own row (a tank table) goes to its truck. */
export async function sendRow(ctx: ShotContext, kind: string, sourceId: string, trucks: readonly ShotTruck[] = [], description = ''): Promise<SendAnswer> {
  const form = { kind, sourceId, description, ...(trucks.length > 0 ? { truckIds: trucks.map((truck) => truck.id).join(',') } : {}) };
  return ok(ctx.api<SendAnswer>('admin', 'POST', '/deviceSend', { form }), `${kind} send`);
}

/** A new row of an entity screen, saved as its form saves it. */
export async function saveRow(ctx: ShotContext, path: string, form: Readonly<Record<string, string | number>>): Promise<EntityRow> {
  return ok(ctx.api<EntityRow>('admin', 'POST', `/entity${path}`, { form }), `new row of ${path}`);
}

export async function stopSend(ctx: ShotContext, id: number): Promise<void> {
  await ok(ctx.api('admin', 'POST', `/deviceSend/${id}/stop`), 'stop sending');
}

/** Waits until every named send is in a status `done` accepts; resolves with their rows. */
export async function sendsReaching(ctx: ShotContext, ids: readonly number[], done: (status: SendRow['status']) => boolean): Promise<readonly SendRow[]> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const page = await ok(ctx.api<Paged<SendRow>>('admin', 'GET', '/deviceSend', { query: { ids: ids.join(','), size: ids.length } }), 'sends');
    if (page.rows.length === ids.length && page.rows.every((row) => done(row.status))) return page.rows;
    if (Date.now() > until) throw new Error(`sends ${ids.join(',')} still at ${page.rows.map((row) => row.status).join(',')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A tank table uploaded for the truck as the form uploads it: a realistic .txt of its compartments, 6,000 L each. */
export async function uploadTankTable(ctx: ShotContext, truck: ShotTruck, serialNo: string, pipelineCapacity: number): Promise<EntityRow> {
  const text = sampleTankTable(truck.compartments, 6000 * truck.compartments, 1800);
  return saveRow(ctx, '/setting/base_data/tank_table', {
    companyCode: COMPANY, truckId: truck.signCode, serialNo, pipelineCapacity, frameNo: `LZZ5BLSF${serialNo.slice(-4)}`,
    fileName: `${serialNo}.txt`, fileNameContent: Buffer.from(text).toString('base64'),
  });
}

export { COMPANY as SHOT_COMPANY };
