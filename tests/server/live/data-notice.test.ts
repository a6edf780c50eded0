// The "data changed" notice on the alarm socket: a handling tells every console that sees the event's company, the
// saving one too, whatever alarm types each chose; nobody else, and nobody at all under the spec's contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../helpers/api';
import { connect, type LiveClient } from '../../helpers/live-client';
import { startServer, type RunningServer } from '../../helpers/server';
import { insertCoverEvent, insertFleet, raiseAlarm, type FixtureTruck } from './fleet';
import { alarmOpen, handle, HANDLING_NOTICE as NOTICE, openAlarmSocket } from './handling';
import { liveServer } from './live-server';

describe('data-changed notices', () => {
  const live = liveServer();
  const socketOf = (token: string, typeIds?: string) =>
    openAlarmSocket(live.server.services, () => live.connect('alarm'), alarmOpen(token, typeIds));
  /** Trucks 0 and 1 are the operator's company (C002), truck 2 another's (C003). */
  const eventOf = (truck: number) => insertCoverEvent(live.server.services, live.truck(truck));

  it("tells a console that sees the handled event's company, even one that chose no alarm types, and not an operator of another company", async () => {
    const admin = await socketOf(live.token('admin'), '');
    const operator = await socketOf(live.token('operator'));
    expect(await handle(live.server.url, live.token('admin'), [await eventOf(2)])).toBe(1);
    expect(await admin.next()).toBe(NOTICE);
    expect(await operator.during(300)).toEqual([]);
  });

  it("tells the saving console and the admin when an operator handles its own company's event, once each", async () => {
    const admin = await socketOf(live.token('admin'));
    const operator = await socketOf(live.token('operator'));
    expect(await handle(live.server.url, live.token('operator'), [await eventOf(0), await eventOf(1)])).toBe(2);
    expect([await operator.next(), await admin.next()]).toEqual([NOTICE, NOTICE]);
    await operator.during(200);
    expect([operator.received, admin.received]).toEqual([[NOTICE], [NOTICE]]);
  });

  it("sends nothing when nothing was handled (an operator's ids of another company)", async () => {
    const admin = await socketOf(live.token('admin'));
    expect(await handle(live.server.url, live.token('operator'), [await eventOf(2)])).toBe(0);
    expect(await admin.during(300)).toEqual([]);
  });
});

describe('data-changed notices under CONTRACT=legacy', () => {
  let server: RunningServer;
  let trucks: FixtureTruck[] = [];
  let client: LiveClient | undefined;

  beforeAll(async () => {
    server = await startServer({ contract: 'legacy', prepare: async (services) => void (trucks = await insertFleet(services)) });
  });
  afterAll(async () => {
    await client?.close();
    await server.close();
  });

  it('sends none: the next message after a handling is the next alarm', async () => {
    const { token } = await login(server.url, 'admin');
    client = await openAlarmSocket(server.services, () => connect(server.url, 'alarm', { cookie: token }), alarmOpen(undefined));
    const truck = trucks[2] ?? expect.unreachable('no fixture truck 2');
    expect(await handle(server.url, token, [await insertCoverEvent(server.services, truck)])).toBe(1);
    await raiseAlarm(server.services, truck, 2);
    expect(JSON.parse(await client.next())).toMatchObject({ type: 2, signCode: truck.signCode });
    expect(client.received).toHaveLength(1);
  });
});
