// GET /deviceTest on both databases over a small seeded fleet: a truck's console read from its device copies and live
// row and judged; an offline truck failing the online check; a console whose compartment count or SN disagrees with
// the truck; releases and a confirmed controller upgrade in the versions; and who may ask about which truck.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramFileDef } from '../../../domain/params/catalogue';
import type { CommissioningAnswer, CheckId } from '../../../domain/params/commissioning';
import { parseParamFile, withParamValue, writeParamFile } from '../../../domain/params/param-text';
import { translate } from '../../../domain/i18n';
import { ROLE } from '../../../server/seed/accounts';
import { DEVICE_STATE_FILES, updateDeviceFile } from '../../../server/sends/device-files';
import type { RunningServer } from '../../helpers/server';
import { deviceTest, startCommissioningServer } from './commissioning-server';

const MIN = 60_000;

interface Truck {
  readonly id: number;
  readonly signCode: string;
  readonly consoleSn: string;
  readonly companyCode: string;
  readonly compartments: number;
}

let server: RunningServer;
let trucks: Truck[];

beforeAll(async () => {
  server = await startCommissioningServer();
  trucks = await server.services.db.selectFrom('truck').select(['id', 'signCode', 'consoleSn', 'companyCode', 'compartments']).orderBy('id').execute();
});
afterAll(async () => {
  await server?.close();
});

/** A truck with tanks (1–5 compartments), each used by one test only so their arrangements do not meet. */
const used = new Set<number>();
function tanker(): Truck {
  const truck = trucks.find((t) => t.compartments >= 2 && t.compartments <= 5 && !used.has(t.id)) ?? trucks.find((t) => t.compartments >= 1 && !used.has(t.id));
  if (!truck) throw new Error('the seeded fleet has no more tankers');
  used.add(truck.id);
  return truck;
}

/** The truck's live row: online (empty) or offline, heard `agoMs` ago, with a level reading in every compartment. */
async function setLive(truck: Truck, status: number, agoMs: number): Promise<void> {
  const inventory = Object.fromEntries(Array.from({ length: truck.compartments }, (_, i) => [String(i + 1), { oilCode: 92, vt: 4000 + i, levelMm: 600 + i, v20: 3990 + i, temperature: 17.5 }]));
  await server.services.db.updateTable('truckLive').set({ status, gpsTime: Date.now() - agoMs, inventory: JSON.stringify(inventory) }).where('truckId', '=', truck.id).execute();
}

/** The device reports a changed value in one of its files (as after a confirmed send or a change on the console). */
async function deviceReports(truck: Truck, name: 'syscfg.txt', key: string, value: string | number): Promise<void> {
  const def = paramFileDef(name);
  await updateDeviceFile(server.services.db, truck.id, name, Date.now(), (copy) => {
    const parsed = parseParamFile(def, copy);
    if (!parsed.ok) throw new Error('device copy unreadable');
    return writeParamFile(withParamValue(parsed.doc, { key }, value));
  });
}

async function answerFor(truck: Truck, lang: 'zh' | 'en' = 'zh'): Promise<CommissioningAnswer> {
  const answer = await deviceTest(server, truck.id, 'admin', lang);
  expect(answer.resultCode, answer.message).toBe(200);
  return answer.data;
}

const checkOf = (answer: CommissioningAnswer, id: CheckId) => {
  const found = answer.checks.find((check) => check.id === id);
  return found && { status: found.status, key: found.message.key, values: found.message.values };
};

describe('GET /deviceTest', () => {
  it("reads an online truck's console from its device and live row: versions, SN, modes, probes with live values, checks", async () => {
    const truck = tanker();
    await setLive(truck, 1, 2 * MIN);
    const answer = await answerFor(truck);
    expect(answer.truck).toMatchObject({ id: truck.id, signCode: truck.signCode, consoleSn: truck.consoleSn, compartments: truck.compartments });
    expect(answer.truck.companyName).not.toBe('');
    expect(answer.online).toBe(true);
    expect(answer.lastHeardAt).toBeGreaterThan(Date.now() - 3 * MIN);
    expect(answer.console).toMatchObject({ version: 'V3.2.0', sn: truck.consoleSn, plate: truck.signCode, cabins: truck.compartments, tfStatus: 1, spdsWorkEn: true });
    // The controller's factory version, as a new device reports it.
    expect(answer.controllerVersion).toBe('V1.0.0');
    // A seal probe per compartment on each bus, a level probe per compartment at C0, C1…, each with its reading.
    expect(answer.sealProbes).toHaveLength(2 * truck.compartments);
    expect(answer.sealProbes.every((probe) => probe.reported && probe.status === 'pass')).toBe(true);
    expect(answer.levelProbes.map((probe) => [probe.compartment, probe.address, probe.levelMm, probe.vt, probe.status])).toEqual(
      Array.from({ length: truck.compartments }, (_, i) => [i + 1, 0xc0 + i, 600 + i, 4000 + i, 'pass']),
    );
    expect(answer.checks.map((check) => check.id)).toEqual([
      'online', 'heartbeat', 'consoleVersion', 'controllerVersion', 'consoleSn', 'plate', 'tfCard', 'workModes',
      'compartments', 'levelCoverage', 'sealProbes', 'levelProbes',
    ]);
    expect(answer.checks.filter((check) => check.status !== 'pass').map((check) => check.id)).toEqual([]);
    expect(checkOf(answer, 'compartments')).toEqual({ status: 'pass', key: 'commissioning.message.compartmentsAgree', values: { count: truck.compartments } });
  });

  it('fails the online check of an offline truck, and cannot confirm its probes', async () => {
    const truck = tanker();
    await setLive(truck, 0, 3 * 60 * MIN);
    const answer = await answerFor(truck);
    expect(answer.online).toBe(false);
    expect(checkOf(answer, 'online')).toEqual({ status: 'fail', key: 'commissioning.message.offline', values: undefined });
    expect(checkOf(answer, 'heartbeat')).toMatchObject({ status: 'warn', key: 'commissioning.message.heartbeatLate', values: { minutes: 180 } });
    expect(answer.levelProbes.every((probe) => probe.status === 'warn' && probe.message.key === 'commissioning.probe.offline')).toBe(true);
    expect(checkOf(answer, 'levelProbes')?.status).toBe('warn');
  });

  it("warns a syscfg tankCabinsCount that disagrees with the truck's compartments, and fails a console SN of another", async () => {
    const truck = tanker();
    await setLive(truck, 1, MIN);
    const cabins = truck.compartments === 1 ? 2 : truck.compartments - 1;
    await deviceReports(truck, 'syscfg.txt', 'tankCabinsCount', cabins);
    await deviceReports(truck, 'syscfg.txt', 'actDevSN', 'OTHER-SN-1');
    const answer = await answerFor(truck);
    expect(checkOf(answer, 'compartments')).toEqual({
      status: 'warn', key: 'commissioning.message.cabinsMismatch', values: { console: cabins, truck: truck.compartments },
    });
    expect(checkOf(answer, 'consoleSn')).toEqual({
      status: 'fail', key: 'commissioning.message.snMismatch', values: { reported: 'OTHER-SN-1', expected: truck.consoleSn },
    });
  });

  it("compares the console's version with its company's newest release and shows a confirmed controller upgrade", async () => {
    const truck = tanker();
    await setLive(truck, 1, MIN);
    const { db } = server.services;
    const release = (fileType: number, fileVersion: string, status = 1) => ({
      companyCode: truck.companyCode, fileType, fileVersion, description: 'release', fileName: 'fw.bin', size: 1, content: Buffer.from('x'), status,
    });
    await db.insertInto('upgradeFile').values([release(1, 'V3.1.0'), release(1, 'V3.10.0'), release(1, 'V9.0.0', 0), release(2, 'V1.2.0')]).execute();
    await updateDeviceFile(db, truck.id, DEVICE_STATE_FILES.firmware, Date.now(), () => JSON.stringify({ type2: 'V1.2.0' }));
    const answer = await answerFor(truck);
    expect(answer.releases).toEqual({ console: 'V3.10.0', controller: 'V1.2.0' });
    expect(answer.controllerVersion).toBe('V1.2.0');
    expect(checkOf(answer, 'consoleVersion')).toEqual({
      status: 'warn', key: 'commissioning.message.versionBehind', values: { version: 'V3.2.0', release: 'V3.10.0' },
    });
    expect(checkOf(answer, 'controllerVersion')?.status).toBe('pass');
  });

  it("refuses a truck outside the caller's companies in zh and en, and a role without the device-parameter function", async () => {
    const { db } = server.services;
    // 李调度 (C002 only) is given the function; a truck of another company is still not theirs.
    const role = await db.selectFrom('role').select('id').where('roleName', '=', ROLE.dispatcher).executeTakeFirstOrThrow();
    const other = trucks.find((t) => t.companyCode !== 'C002');
    if (!other) throw new Error('the seeded fleet lies in one company');
    const before = await deviceTest(server, other.id, 'operator');
    expect(before.resultCode).toBe(401);
    await db.insertInto('roleFunction').values({ roleId: role.id, functionId: 'device_parameter' }).execute();
    const zh = await deviceTest(server, other.id, 'operator', 'zh');
    expect([zh.resultCode, zh.message]).toEqual([400, translate('zh', 'commissioning.noTruck')]);
    const en = await deviceTest(server, 999_999, 'admin', 'en');
    expect([en.resultCode, en.message]).toEqual([400, 'No such truck among yours']);
    const own = trucks.find((t) => t.companyCode === 'C002');
    if (!own) throw new Error('the seeded fleet has no truck of C002');
    expect((await deviceTest(server, own.id, 'operator')).resultCode).toBe(200);
  });

  it('refuses a request without a truck id or with one that is not an id', async () => {
    expect((await deviceTest(server, '')).resultCode).toBe(400);
    expect((await deviceTest(server, 'C0')).resultCode).toBe(400);
  });
});
