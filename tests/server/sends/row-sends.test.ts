// Sending a screen's row to devices: a tank table through its nine statuses into use (and the gauge reading through
// it), a pipeline volume no compartment can hold, upgrade files, parameters and remote commands with their records.
import { afterEach, describe, expect, it } from 'vitest';
import { paramFileDef } from '../../../domain/params/catalogue';
import { paramValue, parseParamFile } from '../../../domain/params/param-text';
import { sampleTankTable } from '../../../domain/params/tank-table-sample';
import { translate } from '../../../domain/i18n';
import { call } from '../../helpers/api';
import { startSendServer, type SendServer } from './send-fixture';

let open: SendServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function serve(): Promise<SendServer> {
  open = await startSendServer();
  return open;
}

const later = (ms: number) => Date.now() + ms;
const entity = { status: 1, version: 1 } as const;

async function addTankTable(s: SendServer, truckId: number, serialNo: string, pipelineCapacity = 20, capacity = 30_000): Promise<number> {
  const truck = s.trucks.find((candidate) => candidate.id === truckId)!;
  const row = await s.server.services.db.insertInto('tankTable').values({
    ...entity, companyCode: truck.companyCode, truckId, serialNo, state: 'notSent', effectTime: null, sendTime: null,
    pipelineCapacity, tankHeight: 1800, capacity, frameNo: 'F1', hasTable: 1, fileName: `${serialNo}.txt`,
    content: sampleTankTable(truck.compartments, capacity, 1800),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const tableState = async (s: SendServer, id: number) =>
  (await s.server.services.db.selectFrom('tankTable').select(['state', 'effectTime', 'sendTime']).where('id', '=', id).executeTakeFirstOrThrow());

describe('sends of a screen\'s row', () => {
  it('takes a tank table through to be sent, sending, synchronizing and complete into use, the one before into history', async () => {
    const s = await serve();
    const truck = s.trucks.find((candidate) => candidate.compartments > 0)!;
    const first = await addTankTable(s, truck.id, 'TT-1');
    const answer = await s.send({ kind: 'tankTable', sourceId: first });
    expect(answer.sends).toEqual([expect.objectContaining({ truckId: truck.id, status: 'toBeSent' })]);
    expect((await tableState(s, first)).state).toBe('toBeSent');
    expect((await s.send({ kind: 'tankTable', sourceId: first })).refused).toHaveLength(1);

    const seen: string[] = [];
    const t = later(2000);
    for (const time of [t, t + 60_000, t + 61_000, t + 62_000]) {
      await s.ticks(time);
      seen.push((await tableState(s, first)).state);
    }
    expect(seen).toEqual(['sending', 'synchronizing', 'complete', 'inUse']);
    expect((await s.sends()).rows[0]!.status).toBe('inUse');
    expect(s.devices.tables.get(truck.id)?.compartments).toHaveLength(truck.compartments);
    const probes = await s.server.services.db.selectFrom('atgTankTable').selectAll().where('truckId', '=', truck.id).orderBy('compartment').execute();
    expect(probes.map((probe) => probe.probeAddr)).toEqual(Array.from({ length: truck.compartments }, (_, i) => 0xc0 + i));

    const second = await addTankTable(s, truck.id, 'TT-2');
    await s.send({ kind: 'tankTable', sourceId: second });
    const u = later(2000);
    await s.ticks(u, u + 60_000, u + 61_000, u + 62_000);
    expect((await tableState(s, second)).state).toBe('inUse');
    expect((await tableState(s, first)).state).toBe('history');
    const records = await s.server.services.db.selectFrom('paramChange').select(['item', 'oldValue', 'newValue']).where('kind', '=', 'tankTable').orderBy('id').execute();
    expect(records).toEqual([
      { item: 'tankTable', oldValue: '', newValue: 'TT-1' },
      { item: 'tankTable', oldValue: 'TT-1', newValue: 'TT-2' },
    ]);
  });

  it('fails a tank table whose pipeline volume exceeds every compartment as a pipeline-oil send, and an offline truck\'s as failed', async () => {
    const s = await serve();
    const [a, b] = s.trucks.filter((candidate) => candidate.compartments > 0);
    // 9,999 L of pipeline oil in a tank of 6,000 L: no compartment can hold it.
    const big = await addTankTable(s, a!.id, 'TT-BIG', 9999, 6000);
    const offline = await addTankTable(s, b!.id, 'TT-OFF');
    s.devices.offline.add(b!.id);
    await s.send({ kind: 'tankTable', sourceId: big });
    await s.send({ kind: 'tankTable', sourceId: offline });
    const t = later(2000);
    await s.ticks(t, t + 60_000);
    expect((await tableState(s, big)).state).toBe('pipelineFailed');
    expect((await tableState(s, offline)).state).toBe('failed');
    // A failed table may be sent again.
    s.devices.offline.delete(b!.id);
    const again = (await s.send({ kind: 'tankTable', sourceId: offline })).sends;
    expect(again).toHaveLength(1);
    // A screen opening on a table finds its latest send by the table's id, newest first.
    const ofTable = await s.sends({ kind: 'tankTable', sourceId: offline });
    expect(ofTable.rows.map((row) => [row.id, row.status])).toEqual([[again[0]!.id, 'toBeSent'], [expect.any(Number), 'failed']]);
    expect((await s.sends({ sourceId: big })).rows.map((row) => row.status)).toEqual(['pipelineFailed']);
    const refused = await call(s.server.url, 'GET', '/deviceSend', { token: s.token, query: { sourceId: '0' }, lang: 'en' });
    expect(refused).toEqual({ resultCode: 400, message: translate('en', 'server.badField', { field: 'sourceId' }), data: null });
    expect((await call(s.server.url, 'GET', '/deviceSend', { token: s.token, query: { sourceId: `${big},${offline}` } })).resultCode).toBe(400);
  });

  it('sends a console upgrade to a whole company; each device then reports the new version in its syscfg.txt', async () => {
    const s = await serve();
    const company = s.trucks[0]!.companyCode;
    const fleet = s.trucks.filter((truck) => truck.companyCode === company);
    const file = await s.server.services.db.insertInto('upgradeFile').values({
      ...entity, companyCode: company, fileType: 1, fileVersion: 'V3.2.0', description: 'console 3.2', fileName: 'console.bin',
      size: 5000, content: Buffer.alloc(5000, 7),
    }).returning('id').executeTakeFirstOrThrow();
    const answer = await s.send({ kind: 'upgradeFile', sourceId: file.id, companyCode: company });
    expect(answer.sends).toHaveLength(fleet.length);
    const t = later(2000);
    await s.ticks(t, t + 600, t + 60_000);
    const rows = (await s.sends()).rows;
    expect(rows.every((row) => row.status === 'sent' && row.steps === 5 && row.description === 'console 3.2')).toBe(true);
    const copy = await s.server.services.db.selectFrom('deviceFile').select('content').where('truckId', '=', fleet[0]!.id).where('name', '=', 'syscfg.txt').executeTakeFirstOrThrow();
    const parsed = parseParamFile(paramFileDef('syscfg.txt'), copy.content);
    expect(parsed.ok && paramValue(parsed.doc, { key: 'sysVerStr' })).toBe('V3.2.0');
  });

  it('records each parameter a device took, with old and new values, and only the changed ones the second time', async () => {
    const s = await serve();
    const truck = s.trucks[0]!;
    const values = { maxSpeed: 80, overspeedSec: 10, preOverspeedLead: 5, preFatigueLead: 15, voicePrompts: 1, mileageBase: 1200.5, serialNumber: 'P-1' };
    const row = await s.server.services.db.insertInto('truckParameter').values({ ...entity, companyCode: truck.companyCode, truckId: truck.id, ...values })
      .returning('id').executeTakeFirstOrThrow();
    await s.send({ kind: 'parameter', sourceId: row.id });
    let t = later(2000);
    await s.ticks(t, t + 60_000);
    await s.server.services.db.updateTable('truckParameter').set({ maxSpeed: 90 }).where('id', '=', row.id).execute();
    await s.send({ kind: 'parameter', sourceId: row.id });
    t = later(2000);
    await s.ticks(t, t + 60_000);
    const records = await s.server.services.db.selectFrom('paramChange').select(['item', 'oldValue', 'newValue', 'sendId']).where('kind', '=', 'parameter').orderBy('id').execute();
    expect(records).toHaveLength(8);
    expect(records.at(-1)).toMatchObject({ item: 'maxSpeed', oldValue: '80', newValue: '90' });
  });

  it('sends a remote command from its template to chosen trucks, refusing trucks of no company of the caller\'s', async () => {
    const s = await serve();
    const [a, b] = s.trucks;
    const template = await s.server.services.db.insertInto('remoteTemplate').values({
      ...entity, companyCode: a!.companyCode, name: 'Restart console', command: 'restart', argument: '', description: 'after upgrade',
    }).returning('id').executeTakeFirstOrThrow();
    const answer = await s.send({ kind: 'command', sourceId: template.id, truckIds: `${a!.id},${b!.id},999999` });
    expect(answer.sends.map((send) => send.truckId).sort()).toEqual([a!.id, b!.id].sort());
    const t = later(2000);
    await s.ticks(t, t + 60_000);
    expect((await s.sends({ kind: 'command' })).rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    // Part of a plate, its letters in either case, finds that truck's sends only.
    const part = a!.signCode.slice(1).toLowerCase();
    expect((await s.sends({ search: part })).rows.map((row) => row.signCode)).toEqual([a!.signCode]);
    expect((await s.sends({ search: '%' })).total).toBe(0);
    const records = await s.server.services.db.selectFrom('paramChange').select(['item', 'file']).where('kind', '=', 'command').execute();
    expect(records).toEqual([{ item: 'restart', file: 'command' }, { item: 'restart', file: 'command' }]);
  });
});
