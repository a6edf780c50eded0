// Who may open the live sockets: a session by token or cookie, an allowed Origin, an open message in time, a live peer.
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../../helpers/api';
import { startServer } from '../../helpers/server';
import { startBareServer, type BareServer } from './bare-server';
import { liveServer } from './live-server';
import { connect, type LiveClient } from '../../helpers/live-client';

const MD5_MANAGER = createHash('md5').update('manager123').digest('hex');
const MD5_NEW = createHash('md5').update('changed99').digest('hex');
const truckOpen = (token?: string) => ({ frequency: 30, msgType: 0, userPri: [], ...(token ? { token } : {}) });
const alarmOpen = (token?: string) => ({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'operator', ...(token ? { token } : {}) });

describe('live socket access', () => {
  const live = liveServer();
  const track = (c: LiveClient) => live.track(c);

  it('accepts the session token in the open message (browsers cannot set headers on a socket)', async () => {
    const c = track(await connect(live.server.url, 'truck'));
    c.send(truckOpen(live.token('operator')));
    expect(await c.nextJson<unknown[]>()).toHaveLength(2);
  });

  it('accepts the sid cookie of the upgrade request when the open message has no token', async () => {
    const c = track(await connect(live.server.url, 'alarm', { cookie: live.token('operator') }));
    c.send(alarmOpen());
    c.send('');
    expect(await c.next()).toBe('pong');
    const t = track(await connect(live.server.url, 'truck', { cookie: live.token('operator') }));
    t.send(truckOpen());
    expect(await t.nextJson<unknown[]>()).toHaveLength(2);
  });

  it('closes with 4401 and the session-expired text, sending nothing, without a valid session', async () => {
    const noSession = track(await connect(live.server.url, 'truck'));
    noSession.send(truckOpen());
    expect(await noSession.closed).toEqual({ code: 4401, reason: '登录已过期，请重新登录' });
    expect(noSession.received).toEqual([]);

    const badToken = track(await connect(live.server.url, 'alarm', { language: 'en' }));
    badToken.send(alarmOpen('not-a-session'));
    expect(await badToken.closed).toEqual({ code: 4401, reason: 'Your session has expired, please log in again' });
    expect(badToken.received).toEqual([]);
  });

  it('refuses a session that logged out', async () => {
    const { token } = await login(live.server.url, 'manager');
    await call(live.server.url, 'GET', '/loginOut', { token });
    const c = track(await connect(live.server.url, 'alarm'));
    c.send(alarmOpen(token));
    expect((await c.closed).code).toBe(4401);
  });

  it('refuses a page of a foreign origin with 4403 even with a valid cookie, and allows its own host', async () => {
    const foreign = track(await connect(live.server.url, 'truck', { cookie: live.token('operator'), origin: 'https://evil.example' }));
    foreign.send(truckOpen());
    expect((await foreign.closed).code).toBe(4403);
    expect(foreign.received).toEqual([]);

    const sameHost = track(await connect(live.server.url, 'truck', { cookie: live.token('operator'), origin: live.server.url }));
    sameHost.send(truckOpen());
    expect(await sameHost.nextJson<unknown[]>()).toHaveLength(2);
  });

  it('allows an origin listed in allowedOrigins', async () => {
    const listed = await startServer({ allowedOrigins: ['https://console.example.com'] });
    try {
      const { token } = await login(listed.url, 'operator');
      const c = await connect(listed.url, 'alarm', { origin: 'https://console.example.com' });
      c.send(alarmOpen(token));
      c.send('');
      expect(await c.next()).toBe('pong');
      await c.close();
      const other = await connect(listed.url, 'alarm', { origin: 'https://other.example.com' });
      expect((await other.closed).code).toBe(4403);
    } finally {
      await listed.close();
    }
  });
});

describe('live socket timing', () => {
  let bare: BareServer;

  beforeAll(async () => {
    bare = await startBareServer({ openTimeoutMs: 400, pingIntervalMs: 150 });
  });

  afterAll(async () => {
    await bare.close();
  });

  it('closes a socket that sends no valid open message in time (heartbeats and garbage do not count)', async () => {
    const silent = await connect(bare.url, 'truck');
    const chatty = await connect(bare.url, 'alarm');
    chatty.send('');
    chatty.send('{"msgType":1}');
    const [a, b] = await Promise.all([silent.closed, chatty.closed]);
    expect(a).toEqual({ code: 4408, reason: '未及时收到订阅消息' });
    expect(b.code).toBe(4408);
    expect(chatty.received).toEqual(['pong']);
  });

  it('keeps an answering socket past several pings and terminates one that stops answering', async () => {
    const token = await bare.sessionOf('operator');
    const alive = await connect(bare.url, 'alarm');
    const dead = await connect(bare.url, 'alarm', { autoPong: false });
    alive.send(alarmOpen(token));
    dead.send(alarmOpen(token));
    expect((await dead.closed).code).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
    expect(bare.registry.openCounts()).toEqual({ truck: 0, alarm: 1 });
    await alive.close();
  });
});

describe('live sockets when a session ends', () => {
  const live = liveServer();
  const track = (c: LiveClient) => live.track(c);

  it('closes a session\'s sockets with the final 4401 the moment it logs out, and no other session\'s', async () => {
    const { token } = await login(live.server.url, 'operator');
    const mine = track(await connect(live.server.url, 'truck'));
    mine.send(truckOpen(token));
    await mine.nextJson();
    const other = track(await connect(live.server.url, 'truck'));
    other.send(truckOpen(live.token('operator')));
    await other.nextJson();
    expect((await call(live.server.url, 'GET', '/loginOut', { token })).resultCode).toBe(200);
    expect((await mine.closed).code).toBe(4401);
    other.send('');
    expect(await other.next()).toBe('pong');
  });

  it('closes the user\'s other sessions\' sockets when the password changes, keeping this session\'s', async () => {
    const first = await login(live.server.url, 'manager');
    const second = await login(live.server.url, 'manager');
    const elsewhere = track(await connect(live.server.url, 'alarm'));
    elsewhere.send({ ...alarmOpen(first.token), userName: 'manager' });
    const here = track(await connect(live.server.url, 'alarm'));
    here.send({ ...alarmOpen(second.token), userName: 'manager' });
    here.send('');
    expect(await here.next()).toBe('pong');
    await call(live.server.url, 'POST', '/verifyPwd', { token: second.token, form: { id: second.answer.userInfo.id, oldPwd: MD5_MANAGER } });
    const changed = await call(live.server.url, 'PUT', '/userInfoPwd', { token: second.token, form: { id: second.answer.userInfo.id, pwd: MD5_NEW } });
    expect(changed.resultCode).toBe(200);
    expect((await elsewhere.closed).code).toBe(4401);
    here.send('');
    expect(await here.next()).toBe('pong');
  });
});
