// The send engine's server in memory for the editor's and the send list's tests, behind a stubbed fetch so the real
// client judges its answers: trucks by plate, each truck's eleven device files, the sends with their status of record
// (list, by ids, a page), an edited file's send and stop sending; every call is recorded.
import { defaultParamFiles } from '../../../domain/params/device-defaults';
import type { ParamFileName } from '../../../domain/params/catalogue-types';
import type { SendRow } from '../../../domain/params/send-wire';
import { envelope, stubApi, type Recorded } from '../stub-api';

const TRUCKS: readonly { readonly id: number; readonly signCode: string; readonly companyCode: string; readonly consoleSn: string }[] = [
  { id: 1, signCode: '京A10001', companyCode: 'C001', consoleSn: 'SN0001' },
  { id: 2, signCode: '京A10002', companyCode: 'C001', consoleSn: 'SN0002' },
  { id: 3, signCode: '京A10003', companyCode: 'C002', consoleSn: 'SN0003' },
];

/** 2026-11-20 09:30 in the tests' zone (Asia/Shanghai). */
const SENT_AT = new Date(2026, 10, 20, 9, 30).getTime();

export function sendRow(id: number, extra: Partial<SendRow> = {}): SendRow {
  const truck = TRUCKS[(id - 1) % TRUCKS.length]!;
  return {
    id, truckId: truck.id, signCode: truck.signCode, consoleSn: truck.consoleSn, companyCode: truck.companyCode, kind: 'paramFile',
    target: 'syscfg.txt', description: '', status: 'notSent', step: 0, steps: 3, sendTimes: 1, requiredAt: SENT_AT + id,
    actualAt: null, completedAt: null, createdBy: 'admin', ...extra,
  };
}

export interface SendServer {
  readonly calls: Recorded[];
  readonly sends: Map<number, SendRow>;
  /** The reads of the send list (GET /deviceSend), oldest first. */
  lists(): Recorded[];
  /** Answers the next POST /deviceFile/send with this refusal. */
  refuseNext(resultCode: number, message: string, data: unknown): void;
}

export function sendServer(initial: readonly SendRow[] = []): SendServer {
  const sends = new Map(initial.map((row) => [row.id, row]));
  const files = new Map(TRUCKS.map((truck) => [truck.id, defaultParamFiles({ plate: truck.signCode, compartments: 3, consoleSn: truck.consoleSn })]));
  let refusal: { resultCode: number; message: string; data: unknown } | undefined;
  let nextId = 100;

  const calls = stubApi((method, path, params) => {
    if (path === '/report/options') return envelope(200, { companies: [{ code: 'C001', name: '一公司', parentCode: null }], trucks: [] });
    if (method === 'GET' && path === '/entity/setting/base_data/truck') {
      const found = TRUCKS.filter((truck) => !params['signCode'] || truck.signCode.includes(params['signCode']));
      return envelope(200, {
        rows: found.map((truck) => ({ key: String(truck.id), version: 1, status: 1, modifiedBy: null, modifiedAt: null, values: { signCode: truck.signCode } })),
        total: found.length,
      });
    }
    if (method === 'GET' && path === '/deviceFile') {
      const truckId = Number(params['truckId']);
      const name = params['name'] as ParamFileName;
      const pending = [...sends.values()].find((row) => row.truckId === truckId && row.target === name && (row.status === 'notSent' || row.status === 'sending'));
      return envelope(200, { truckId, name, content: files.get(truckId)?.[name] ?? '', version: 1, updatedAt: SENT_AT, pending: pending ?? null });
    }
    if (method === 'POST' && path === '/deviceFile/send') {
      if (refusal) {
        const { resultCode, message, data } = refusal;
        refusal = undefined;
        return envelope(resultCode, data, message);
      }
      const ids = (params['truckIds'] ?? params['truckId'] ?? '').split(',').map(Number);
      const opened = ids.map((truckId) => {
        const row = sendRow(nextId++, { truckId, signCode: TRUCKS.find((t) => t.id === truckId)?.signCode ?? '', target: params['name'] ?? '' });
        sends.set(row.id, row);
        return { id: row.id, truckId, signCode: row.signCode, status: row.status };
      });
      return envelope(200, { sends: opened, refused: [] });
    }
    if (method === 'GET' && path === '/deviceSend') {
      let rows = [...sends.values()].sort((a, b) => b.requiredAt - a.requiredAt || b.id - a.id);
      if (params['ids']) {
        const wanted = new Set(params['ids'].split(',').map(Number));
        rows = rows.filter((row) => wanted.has(row.id));
      }
      if (params['status']) rows = rows.filter((row) => row.status === params['status']);
      if (params['kind']) rows = rows.filter((row) => row.kind === params['kind']);
      if (params['search']) rows = rows.filter((row) => row.signCode.includes(params['search'] ?? ''));
      const [page, size] = [Number(params['page'] ?? 1), Number(params['size'] ?? 20)];
      return envelope(200, { rows: rows.slice((page - 1) * size, page * size), total: rows.length });
    }
    const stop = /^\/deviceSend\/(\d+)\/stop$/.exec(path);
    if (method === 'POST' && stop) {
      const row = sends.get(Number(stop[1]));
      if (!row || (row.status !== 'notSent' && row.status !== 'sending')) return envelope(400, null, '此发送已结束');
      sends.set(row.id, { ...row, status: 'terminated', completedAt: SENT_AT + 60_000 });
      return envelope(200, true);
    }
    return envelope(404, null, 'no such call');
  });
  return {
    calls,
    sends,
    lists: () => calls.filter((call) => call.method === 'GET' && call.path === '/deviceSend'),
    refuseNext: (resultCode, message, data) => {
      refusal = { resultCode, message, data };
    },
  };
}
