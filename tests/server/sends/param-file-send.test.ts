// Sending an edited parameter file to trucks' simulated devices: the status of record from not sent to its end, the
// device copies and change records it leaves, each failure, stop sending, and a server restarted mid-send.
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { paramFileDef } from '../../../domain/params/catalogue';
import { paramValue, parseParamFile, withParamValue, writeParamFile } from '../../../domain/params/param-text';
import type { DeviceFileAnswer, SendAnswer } from '../../../domain/params/send-wire';
import { call } from '../../helpers/api';
import { freshDatabase } from '../../helpers/test-database';
import { startSendServer, type SendServer } from './send-fixture';

const SYSCFG = paramFileDef('syscfg.txt');
let open: SendServer[] = [];
afterEach(async () => {
  for (const server of open.reverse()) await server.close();
  open = [];
});

async function serve(options: Parameters<typeof startSendServer>[0] = {}): Promise<SendServer> {
  const server = await startSendServer(options);
  open.push(server);
  return server;
}

async function deviceFile(s: SendServer, truckId: number, name = 'syscfg.txt'): Promise<DeviceFileAnswer> {
  const answer = await call<DeviceFileAnswer>(s.server.url, 'GET', '/deviceFile', { token: s.token, query: { truckId, name } });
  expect(answer.resultCode).toBe(200);
  return answer.data;
}

/** The truck's syscfg.txt with one value changed, as the editor sends it. */
async function edited(s: SendServer, truckId: number, key: string, value: string | number): Promise<{ content: string; version: number }> {
  const file = await deviceFile(s, truckId);
  const parsed = parseParamFile(SYSCFG, file.content);
  if (!parsed.ok) throw new Error('device copy unreadable');
  return { content: writeParamFile(withParamValue(parsed.doc, { key }, value)), version: file.version };
}

function sendFile(s: SendServer, form: Record<string, string | number>, lang: 'zh' | 'en' = 'zh') {
  return call<SendAnswer>(s.server.url, 'POST', '/deviceFile/send', { token: s.token, form: { name: 'syscfg.txt', ...form }, lang });
}

const later = (ms: number) => Date.now() + ms;

describe('parameter file sends to simulated devices', () => {
  it('reads a device copy holding the truck\'s own plate and compartments', async () => {
    const s = await serve();
    const truck = s.trucks[0]!;
    const file = await deviceFile(s, truck.id);
    const parsed = parseParamFile(SYSCFG, file.content);
    expect(parsed.ok && paramValue(parsed.doc, { key: 'tankTruckSn' })).toBe(truck.signCode);
    expect(file.version).toBe(1);
    expect(file.pending).toBeNull();
  });

  it('moves three sends from not sent through sending to sent, changing each truck\'s own copy and recording the change', async () => {
    const s = await serve();
    const [a, b, c] = s.trucks;
    const { content, version } = await edited(s, a!.id, 'keepAliveDelaySeconds', 45);
    const answer = await sendFile(s, { truckId: a!.id, truckIds: `${a!.id},${b!.id},${c!.id}`, content, baseVersion: version, description: 'heartbeat 45 s' });
    expect(answer.resultCode).toBe(200);
    expect(answer.data.sends.map((send) => send.status)).toEqual(['notSent', 'notSent', 'notSent']);
    expect((await s.sends()).rows.every((row) => row.status === 'notSent' && row.sendTimes === 0)).toBe(true);

    const start = later(2000);
    await s.ticks(start);
    const sending = (await s.sends()).rows;
    expect(sending.map((row) => row.status)).toEqual(['sending', 'sending', 'sending']);
    expect(sending.every((row) => row.sendTimes === 1 && row.actualAt === start && row.steps >= 1)).toBe(true);

    await s.ticks(start + 60_000);
    const done = (await s.sends()).rows;
    expect(done.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect(done.every((row) => row.step === row.steps && row.completedAt === start + 60_000)).toBe(true);

    for (const truck of [a!, b!, c!]) {
      const copy = parseParamFile(SYSCFG, (await deviceFile(s, truck.id)).content);
      expect(copy.ok && paramValue(copy.doc, { key: 'keepAliveDelaySeconds' })).toBe('45');
      // The edit's change, not the edited truck's text: every truck keeps its own plate.
      expect(copy.ok && paramValue(copy.doc, { key: 'tankTruckSn' })).toBe(truck.signCode);
    }
    const records = await s.server.services.db.selectFrom('paramChange').selectAll().orderBy('truckId').execute();
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({ file: 'syscfg.txt', item: 'keepAliveDelaySeconds', newValue: '45', mode: 'remote', sequence: 1, remark: 'heartbeat 45 s', changedBy: 'admin' });
  });

  it('ends a send to an offline truck as connection failed, and a corrupted transfer as a CRC error', async () => {
    const s = await serve({ crcErrorRate: 1 });
    const [a, b] = s.trucks;
    s.devices.offline.add(b!.id);
    const { content } = await edited(s, a!.id, 'keepAliveDelaySeconds', 50);
    await sendFile(s, { truckId: a!.id, truckIds: `${a!.id},${b!.id}`, content });
    const start = later(2000);
    await s.ticks(start, start + 60_000);
    const rows = (await s.sends()).rows;
    expect(rows.find((row) => row.truckId === b!.id)).toMatchObject({ status: 'connectionFailed', sendTimes: 0, completedAt: start });
    expect(rows.find((row) => row.truckId === a!.id)).toMatchObject({ status: 'crcError', sendTimes: 1 });
    const copy = parseParamFile(SYSCFG, (await deviceFile(s, a!.id)).content);
    expect(copy.ok && paramValue(copy.doc, { key: 'keepAliveDelaySeconds' })).not.toBe('50');
  });

  it('ends as a data error when the device cannot take a value its hardware lacks (more compartments than the truck has)', async () => {
    const s = await serve();
    const truck = s.trucks.find((candidate) => candidate.compartments < 5)!;
    const { content } = await edited(s, truck.id, 'tankCabinsCount', 5);
    expect((await sendFile(s, { truckId: truck.id, content })).resultCode).toBe(200);
    const start = later(2000);
    await s.ticks(start, start + 60_000);
    expect((await s.sends()).rows[0]).toMatchObject({ status: 'dataError' });
  });

  it('refuses a value beyond its limit and a change to a read-only value, in the caller\'s language, sending nothing', async () => {
    const s = await serve();
    const truck = s.trucks[0]!;
    const tooMany = await edited(s, truck.id, 'autoSealTimes', 100);
    const zh = await sendFile(s, { truckId: truck.id, content: tooMany.content }, 'zh');
    const en = await sendFile(s, { truckId: truck.id, content: tooMany.content }, 'en');
    expect(zh.resultCode).toBe(400);
    expect(en.resultCode).toBe(400);
    expect(en.message).toMatch(/99/);
    expect(zh.message).not.toBe(en.message);
    const readOnly = await edited(s, truck.id, 'sysVerStr', 'V9.9.9');
    const refused = await sendFile(s, { truckId: truck.id, content: readOnly.content }, 'en');
    expect(refused.resultCode).toBe(400);
    expect((await s.sends()).total).toBe(0);
  });

  it('refuses a repeat send while one is pending and an edit of a stale copy; stop sending ends a pending send as terminated', async () => {
    const s = await serve();
    const truck = s.trucks[0]!;
    const first = await edited(s, truck.id, 'keepAliveDelaySeconds', 40);
    const sent = await sendFile(s, { truckId: truck.id, content: first.content, baseVersion: first.version });
    const again = await sendFile(s, { truckId: truck.id, content: first.content, baseVersion: first.version });
    expect(again.data.sends).toEqual([]);
    expect(again.data.refused).toEqual([expect.objectContaining({ truckId: truck.id, signCode: truck.signCode })]);
    expect((await deviceFile(s, truck.id)).pending?.id).toBe(sent.data.sends[0]!.id);

    const id = sent.data.sends[0]!.id;
    const stopped = await call<boolean>(s.server.url, 'POST', `/deviceSend/${id}/stop`, { token: s.token });
    expect(stopped.resultCode).toBe(200);
    await s.ticks(later(60_000));
    expect((await s.sends()).rows[0]).toMatchObject({ id, status: 'terminated' });
    expect((await call(s.server.url, 'POST', `/deviceSend/${id}/stop`, { token: s.token })).resultCode).toBe(400);

    // Nothing reached the device, so the copy is as it was; once it changes, an edit of the old version is refused.
    const second = await edited(s, truck.id, 'keepAliveDelaySeconds', 41);
    await sendFile(s, { truckId: truck.id, content: second.content });
    await s.ticks(later(2000), later(60_000));
    const stale = await sendFile(s, { truckId: truck.id, content: second.content, baseVersion: second.version });
    expect(stale.resultCode).toBe(409);
  });

  it('carries on after a restart mid-send: the new server\'s devices finish what the old one started', async () => {
    // A database outliving both servers, as a restarted server's file or cluster does.
    const database = await freshDatabase();
    onTestFinished(() => database.drop());
    const first = await serve({ sharedDatabase: database.target, seed: true });
    const truck = first.trucks[0]!;
    const { content } = await edited(first, truck.id, 'keepAliveDelaySeconds', 55);
    await sendFile(first, { truckId: truck.id, content });
    const start = later(2000);
    await first.ticks(start);
    expect((await first.sends()).rows[0]!.status).toBe('sending');

    await first.close();
    open = open.filter((server) => server !== first);
    const second = await serve({ sharedDatabase: database.target });
    await second.ticks(start + 60_000);
    expect((await second.sends()).rows[0]).toMatchObject({ status: 'sent', sendTimes: 1 });
  });

  it('keeps the send calls from a role without the device-parameter functions', async () => {
    const s = await serve();
    const { login } = await import('../../helpers/api');
    const manager = await login(s.server.url, 'manager');
    const answer = await call(s.server.url, 'GET', '/deviceSend', { token: manager.token });
    expect(answer.resultCode).toBe(401);
  });
});
