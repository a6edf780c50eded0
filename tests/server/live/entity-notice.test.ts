// The "entity changed" notice on the alarm socket (live master data): a saved station reaches the consoles of users
// who see its company, the saver's and every superMan's too, whatever alarm types they chose; never a console of a user
// without that company, and nothing at all under the spec's contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_STATUS } from '../../../domain/screens/entities/definition';
import { entityCallPath } from '../../../domain/screens/entities/wire';
import type { Notice } from '../../../server/live/hub';
import { call, login } from '../../helpers/api';
import { connect, type LiveClient } from '../../helpers/live-client';
import { startServer, type RunningServer } from '../../helpers/server';
import { addAccount, addRole } from './accounts';
import { createStation, renameStation, saved, STATION, stationNotice } from './entity-writes';
import { alarmOpen, openAlarmSocket } from './handling';
import { liveServer } from './live-server';

describe('entity-changed notices', () => {
  const live = liveServer();
  /** An alarm socket that chose no alarm types: whatever it receives is a notice. */
  const socketOf = (token: string) => openAlarmSocket(live.server.services, () => live.connect('alarm'), alarmOpen(token, ''));
  const url = () => live.server.url;

  it("tells a console of another user of the station's company, the saver's and a superMan's; not a user without that company", async () => {
    const services = live.server.services;
    const [ofC002, ofC003, boss] = [
      await addAccount(services, { companies: ['C002', 'C005'] }),
      await addAccount(services, { companies: ['C003'] }),
      await addAccount(services, { companies: [], roleId: await addRole(services, { superMan: true }) }),
    ];
    const [saver, operator, sameCompany, otherCompany, superMan] = [
      await socketOf(live.token('admin')), await socketOf(live.token('operator')), await socketOf(ofC002.token),
      await socketOf(ofC003.token), await socketOf(boss.token),
    ];

    const created = await createStation(url(), live.token('admin'), 'C002');
    const edited = saved(await renameStation(url(), live.token('admin'), created, '改名后的加油站'));
    const notices = [stationNotice(created), stationNotice(edited)];
    // A create and an edit of one row: the same row named twice, each after its commit.
    expect(notices[0]).toBe(notices[1]);
    expect(JSON.parse(notices[0] ?? '')).toEqual({ notice: 'entityChanged', path: STATION.path, key: created.key, company: 'C002' });

    for (const client of [saver, operator, sameCompany, superMan]) {
      await expect.poll(() => client.received).toEqual(notices);
    }
    expect(await otherCompany.during(300)).toEqual([]);
  });

  it('tells of a status change, and of nothing when a save is refused (stale version) or the row is of a company the user lacks', async () => {
    const services = live.server.services;
    const ofC003 = await addAccount(services, { companies: ['C003'] });
    const watcher = await socketOf(ofC003.token);
    const ofC002 = await socketOf(live.token('operator'));
    const station = await createStation(url(), live.token('admin'), 'C003');
    await expect.poll(() => watcher.received).toEqual([stationNotice(station)]);

    const stale = await renameStation(url(), live.token('admin'), station, '过期的改名', station.version + 5);
    expect(stale.resultCode).toBe(409);
    const disabled = await call(url(), 'POST', `${entityCallPath(STATION.path)}/${station.key}/status`, {
      token: live.token('admin'), form: { status: ENTITY_STATUS.disabled, version: station.version },
    });
    expect(disabled.resultCode).toBe(200);
    await expect.poll(() => watcher.received).toHaveLength(2);
    await watcher.during(200);
    expect(watcher.received).toEqual([stationNotice(station), stationNotice(station)]);
    expect(ofC002.received).toEqual([]);
  });

  it('keeps alarms flowing as before on a socket that also hears notices (a notice is not an alarm and has no seq)', async () => {
    const admin = await socketOf(live.token('admin'));
    const station = await createStation(url(), live.token('admin'), 'C002');
    const notice = JSON.parse(await admin.next()) as Record<string, unknown>;
    expect(notice).toEqual({ notice: 'entityChanged', path: STATION.path, key: station.key, company: 'C002' });
    expect(notice).not.toHaveProperty('seq');
  });
});

describe('entity-changed notices under CONTRACT=legacy', () => {
  let server: RunningServer;
  let client: LiveClient | undefined;

  beforeAll(async () => {
    server = await startServer({ contract: 'legacy' });
  });
  afterAll(async () => {
    await client?.close();
    await server.close();
  });

  it('announces nothing on the bus and sends nothing on the alarm socket', async () => {
    const published: Notice[] = [];
    const stop = server.services.hub.onNotice((notice) => published.push(notice));
    const { token } = await login(server.url, 'admin');
    client = await openAlarmSocket(server.services, () => connect(server.url, 'alarm', { cookie: token }), alarmOpen(undefined, ''));
    const station = await createStation(server.url, token, 'C002');
    saved(await renameStation(server.url, token, station, '旧接口下改名'));
    expect(await client.during(300)).toEqual([]);
    stop();
    expect(published).toEqual([]);
  });
});
