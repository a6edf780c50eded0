// The device-parameter screens' server in memory for the UI tests: one definition's rows, the truck search, the
// companies and POST /deviceSend (answered with a send per truck but for the ones the test says are still pending).
import { envelope, stubApi } from '../stub-api';
import type { EntityDef } from '../../../src/domain/screens/entities/definition';
import type { EntityRow } from '../../../src/domain/screens/entities/wire';
import { COMPANIES } from './entity-server';

export const TRUCKS = [
  { id: 101, plate: '京A00001' },
  { id: 102, plate: '京A00002' },
  { id: 103, plate: '沪B00003' },
];

export function deviceServer(def: EntityDef, rows: readonly EntityRow[], pending: readonly number[] = []) {
  const calls = stubApi((method, path, params) => {
    if (path === '/report/options') return envelope(200, { companies: COMPANIES, trucks: [] });
    if (method === 'GET' && path === `/entity${def.path}`) return envelope(200, { rows, total: rows.length });
    if (method === 'GET' && path === '/entity/setting/base_data/truck') {
      const found = TRUCKS.filter((truck) => truck.plate.includes(params['signCode'] ?? ''));
      const asRows = found.map((truck) => ({ key: String(truck.id), version: 1, status: 1, modifiedBy: null, modifiedAt: null, values: { signCode: truck.plate } }));
      return envelope(200, { rows: asRows, total: asRows.length });
    }
    if (method === 'POST' && path === '/deviceSend') {
      const ids = (params['truckIds'] ?? '').split(',').filter(Boolean).map(Number);
      const plateOf = (id: number) => TRUCKS.find((truck) => truck.id === id)?.plate ?? String(id);
      return envelope(200, {
        sends: ids.filter((id) => !pending.includes(id)).map((truckId, index) => ({ id: 900 + index, truckId, signCode: plateOf(truckId), status: 'notSent' })),
        refused: ids.filter((id) => pending.includes(id)).map((truckId) => ({ truckId, signCode: plateOf(truckId), reason: '同一内容正在下发中' })),
      });
    }
    return envelope(404, null, `no ${method} ${path}`);
  });
  return { calls, sends: () => calls.filter((call) => call.path === '/deviceSend') };
}
