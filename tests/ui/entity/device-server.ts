// The device-parameter screens' server in memory for the UI tests: one definition's rows with their stored files, the
// truck search, the companies, POST /deviceSend (answered with a send per truck but for the ones the test says are
// still pending) and GET /deviceSend over the sends made, which a test moves on as a device would.
import { envelope, stubApi } from '../stub-api';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import type { SendRow } from '../../../domain/params/send-wire';
import type { EntityRow } from '../../../domain/screens/entities/wire';
import { COMPANIES } from './entity-server';

const TRUCKS = [
  { id: 101, plate: '京A00001' },
  { id: 102, plate: '京A00002' },
  { id: 103, plate: '沪B00003' },
];

interface DeviceServerOptions {
  /** Truck ids a send of the same thing is still pending on: refused. */
  readonly pending?: readonly number[];
  /** Each row's stored file, by key. */
  readonly files?: Readonly<Record<string, string>>;
  /** Sends made before the test, by id. */
  readonly sends?: readonly SendRow[];
}

const plateOf = (id: number) => TRUCKS.find((truck) => truck.id === id)?.plate ?? String(id);

function sendRow(id: number, truckId: number, kind: SendRow['kind'], sourceId: number): SendRow & { readonly sourceId: number } {
  return {
    id, truckId, signCode: plateOf(truckId), consoleSn: '', companyCode: 'C002', kind, target: '', description: '', status: kind === 'tankTable' ? 'toBeSent' : 'notSent',
    step: 0, steps: 0, sendTimes: 1, requiredAt: Date.now(), actualAt: null, completedAt: null, createdBy: 'admin', sourceId,
  };
}

export function deviceServer(def: EntityDef, rows: readonly EntityRow[], options: DeviceServerOptions = {}) {
  const pending = options.pending ?? [];
  const sends = new Map<number, SendRow & { readonly sourceId?: number }>((options.sends ?? []).map((send) => [send.id, send]));
  const calls = stubApi((method, path, params) => {
    const file = /^\/entity(.+)\/([^/]+)\/file$/.exec(path);
    if (method === 'GET' && file?.[1] === def.path) {
      const content = options.files?.[decodeURIComponent(file[2] ?? '')];
      return content === undefined ? envelope(404, null, '该记录不存在或已无权查看') : envelope(200, { name: 't.txt', size: content.length, encoding: 'text', content });
    }
    if (method === 'GET' && path === '/deviceSend') {
      const ids = (params['ids'] ?? '').split(',').filter(Boolean).map(Number);
      const found = [...sends.values()]
        .filter((send) => (ids.length === 0 || ids.includes(send.id)) && (params['sourceId'] === undefined || String(send.sourceId) === params['sourceId']))
        .sort((a, b) => b.id - a.id);
      return envelope(200, { rows: found, total: found.length });
    }
    if (path === '/report/options') return envelope(200, { companies: COMPANIES, trucks: [] });
    if (method === 'GET' && path === `/entity${def.path}`) return envelope(200, { rows, total: rows.length });
    if (method === 'GET' && path === '/entity/setting/base_data/truck') {
      const found = TRUCKS.filter((truck) => truck.plate.includes(params['signCode'] ?? ''));
      const asRows = found.map((truck) => ({ key: String(truck.id), version: 1, status: 1, modifiedBy: null, modifiedAt: null, values: { signCode: truck.plate } }));
      return envelope(200, { rows: asRows, total: asRows.length });
    }
    if (method === 'POST' && path === '/deviceSend') {
      const ids = (params['truckIds'] ?? '').split(',').filter(Boolean).map(Number);
      const made = ids.filter((id) => !pending.includes(id)).map((truckId) => sendRow(900 + sends.size, truckId, params['kind'] as SendRow['kind'], Number(params['sourceId'])));
      for (const send of made) sends.set(send.id, send);
      return envelope(200, {
        sends: made.map(({ id, truckId, signCode, status }) => ({ id, truckId, signCode, status })),
        refused: ids.filter((id) => pending.includes(id)).map((truckId) => ({ truckId, signCode: plateOf(truckId), reason: '同一内容正在下发中' })),
      });
    }
    return envelope(404, null, `no ${method} ${path}`);
  });
  return {
    calls,
    /** The POSTs of /deviceSend. */
    sends: () => calls.filter((call) => call.method === 'POST' && call.path === '/deviceSend'),
    /** Moves a send on, as its device would. */
    move: (id: number, change: Partial<SendRow>) => {
      const send = sends.get(id);
      if (!send) throw new Error(`no send ${id}`);
      sends.set(id, { ...send, ...change });
    },
  };
}
