// Operations endpoints: superMan only; diagnostics reflect sockets and tables; drop-sockets; a simulated alarm on demand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostics } from '../../server/routes/diagnostics';
import type { PublishedAlarm } from '../../server/live/hub';
import { parseLiveAlarm } from '../../domain/wire/live-alarm';
import { SOCKET_CLOSE } from '../../domain/wire/sockets';
import { call, login } from '../helpers/api';
import { connect } from '../helpers/live-client';
import { startSimServer, type SimServer } from '../helpers/server';
import { TEST_DB_KIND } from '../helpers/test-database';

describe('operations endpoints', () => {
  let server: SimServer;
  let admin: string;

  beforeAll(async () => {
    server = await startSimServer({ seed: 7, trucks: 12 });
    admin = (await login(server.url, 'admin')).token;
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(['manager', 'operator', 'garden'])('refuses %s with 401 on every operations call', async (user) => {
    const { token } = await login(server.url, user);
    for (const [method, path] of [['GET', '/diagnostics'], ['POST', '/diagnostics/drop-sockets'], ['POST', '/sim/alarm']] as const) {
      const answer = await call(server.url, method, path, { token, ...(method === 'GET' ? {} : { form: { type: 201 } }) });
      expect(answer, `${user} ${method} ${path}`).toEqual({ resultCode: 401, message: '您没有访问此功能的权限', data: null });
    }
  });

  it('counts open and streaming sockets per endpoint and the table rows, and names the database kind', async () => {
    const truck = await connect(server.url, 'truck');
    const alarm = await connect(server.url, 'alarm');
    truck.send({ frequency: 30, msgType: 0, userPri: [], token: admin });
    await truck.next();
    const answer = await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin });
    expect(answer.data.sockets).toEqual({ truck: 1, alarm: 1 });
    // The alarm socket has sent no open message yet: connected, not streaming.
    expect(answer.data.streaming).toEqual({ truck: 1, alarm: 0 });
    expect(answer.data.rows.truck).toBe(12);
    expect(answer.data.framesSent).toBeGreaterThanOrEqual(1);
    expect(answer.data.database).toBe(TEST_DB_KIND);
    expect(answer.data.databaseBytes).toBeGreaterThan(0);
    expect(answer.data.simulator).toBe(true);
    expect(answer.data.bus).toMatchObject({ kind: 'local', state: 'up' });
    await truck.close();
    await alarm.close();
  });

  it('drops every live socket with the maintenance close code', async () => {
    const sockets = await Promise.all([connect(server.url, 'truck'), connect(server.url, 'alarm'), connect(server.url, 'alarm')]);
    const dropped = await call<{ closed: number }>(server.url, 'POST', '/diagnostics/drop-sockets', { token: admin });
    expect(dropped.data.closed).toBe(3);
    for (const socket of sockets) expect((await socket.closed).code).toBe(SOCKET_CLOSE.maintenance);
    const after = await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin });
    expect(after.data.sockets).toEqual({ truck: 0, alarm: 0 });
  });

  it('raises an urgent alarm now and delivers it on the alarm socket with the next seq', async () => {
    const before = await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin });
    const socket = await connect(server.url, 'alarm');
    socket.send({ typeIds: '201', msgType: 1, userPri: [], userName: 'admin', token: admin });
    await expect.poll(() => server.services.sockets?.streamingCounts().alarm).toBe(1);
    const raised = await call<PublishedAlarm>(server.url, 'POST', '/sim/alarm', { token: admin, form: { type: 201 } });
    expect(raised.resultCode).toBe(200);
    const received = parseLiveAlarm(await socket.nextJson());
    expect(received?.type).toBe(201);
    expect(received?.seq).toBe(before.data.lastAlarmSeq + 1);
    await socket.close();
  });

  it.each([
    [{ type: 999 }, 400],
    [{ type: 201, truckId: 99_999 }, 400],
    [{}, 400],
  ])('refuses %o without raising anything', async (form, code) => {
    const before = await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin });
    expect((await call(server.url, 'POST', '/sim/alarm', { token: admin, form })).resultCode).toBe(code);
    const after = await call<Diagnostics>(server.url, 'GET', '/diagnostics', { token: admin });
    expect(after.data.lastAlarmSeq).toBe(before.data.lastAlarmSeq);
  });

  it('answers 503 when the simulator is off', async () => {
    server.services.sim = undefined;
    try {
      const answer = await call(server.url, 'POST', '/sim/alarm', { token: admin, form: { type: 201 }, lang: 'en' });
      expect(answer).toEqual({ resultCode: 503, message: 'The simulator is not running', data: null });
    } finally {
      server.services.sim = server.simulator;
    }
  });
});
