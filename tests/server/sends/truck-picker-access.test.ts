// A role holding the device-parameter functions but not base data still picks trucks by plate (its screens name
// trucks), from its own companies only, and cannot write them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../server/seed/accounts';
import { call, login } from '../../helpers/api';
import { startSendServer, type SendServer } from './send-fixture';

describe('the truck list for device-parameter roles', () => {
  let s: SendServer;
  let operator: string;
  beforeAll(async () => {
    s = await startSendServer({ fleetSize: 12 });
    operator = (await login(s.server.url, 'operator')).token;
  });
  afterAll(() => s.close());

  const trucks = () => call<{ rows: { values: { companyCode: string } }[]; total: number }>(s.server.url, 'GET', '/entity/setting/base_data/truck', { token: operator, query: { page: 1, size: 50 } });

  it('is closed to a role with neither base data nor device parameters', async () => {
    expect((await trucks()).resultCode).toBe(401);
  });

  it('opens to that role once it holds device parameters: its own companies\' trucks, read only', async () => {
    const { db } = s.server.services;
    const role = await db.selectFrom('role').select('id').where('roleName', '=', ROLE.dispatcher).executeTakeFirstOrThrow();
    await db.insertInto('roleFunction').values({ roleId: role.id, functionId: 'device_parameter' }).execute();
    const answer = await trucks();
    expect(answer.resultCode).toBe(200);
    expect(answer.data.total).toBeGreaterThan(0);
    expect(answer.data.total).toBeLessThan(s.trucks.length);
    expect(new Set(answer.data.rows.map((row) => row.values.companyCode))).toEqual(new Set(['C002']));
    const write = await call(s.server.url, 'POST', '/entity/setting/base_data/truck', { token: operator, form: { signCode: '京Z99999' } });
    expect(write.resultCode).toBe(401);
  });
});
