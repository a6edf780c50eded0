// The alarm fan-out measurement shared by `bench:server` and `bench:cluster`: alarm sockets opened on one or more
// server bases, alarms raised at a steady rate, and the delay from each alarm's insert to its arrival at each socket.
import { EVERY_TYPE_LIST } from '../../domain/alarm-types';
import type { Envelope } from '../../domain/wire/envelope';
import type { LoginAnswer } from '../../domain/wire/entities';
import { SOCKET_PATHS } from '../../domain/wire/sockets';
import { openLeanSocket, type LeanSocket } from './lean-socket';

export async function api<T>(base: string, method: string, route: string, token?: string, form?: Record<string, string>): Promise<T> {
  const response = await fetch(`${base}/truckmanage/api${route}`, {
    method,
    headers: { ...(token ? { 'header-id': token } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const body = (await response.json()) as Envelope<T>;
  if (body.resultCode !== 200) throw new Error(`${route}: ${body.message}`);
  return body.data;
}

export async function adminToken(base: string): Promise<string> {
  return (await api<LoginAnswer>(base, 'POST', '/login', undefined, { username: 'admin', password: 'admin123' }))['header-id'];
}

const INSERT_TIME = /"insertTime":(\d+)/;

export interface FanoutPlan {
  /** Sockets are opened round robin over these bases. */
  readonly socketBases: readonly string[];
  /** Where alarms are raised (POST /sim/alarm: the simulator's instance). */
  readonly raiseBase: string;
  readonly token: string;
  readonly clients: number;
  readonly ratePerSecond: number;
  readonly seconds: number;
}

interface FanoutResult {
  readonly alarms: number;
  readonly expected: number;
  readonly delivered: number;
  /** Per socket base, in the plan's order: deliveries and their latency percentiles. */
  readonly perBase: readonly { readonly delivered: number; readonly p50: number; readonly p99: number }[];
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export async function measureFanout(plan: FanoutPlan): Promise<FanoutResult> {
  /** Latencies measured on the sockets of each base, in the plan's order. */
  const perBase = plan.socketBases.map((): number[] => []);
  const sockets: LeanSocket[] = [];
  for (let i = 0; i < plan.clients; i++) {
    const baseIndex = i % plan.socketBases.length;
    const base = plan.socketBases[baseIndex] ?? plan.raiseBase;
    const socket = await openLeanSocket(base, SOCKET_PATHS.alarm, (text) => {
      perBase[baseIndex]?.push(Date.now() - Number(INSERT_TIME.exec(text)?.[1]));
    });
    socket.sendText(JSON.stringify({ typeIds: EVERY_TYPE_LIST, msgType: 1, userPri: [], userName: 'admin', token: plan.token }));
    sockets.push(socket);
  }
  // Every subscription is in place before the first alarm.
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const total = plan.ratePerSecond * plan.seconds;
  const started = Date.now();
  const raised: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / plan.ratePerSecond;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    raised.push(api(plan.raiseBase, 'POST', '/sim/alarm', plan.token, { type: String([201, 202, 203, 205, 2, 7][i % 6]) }));
  }
  await Promise.all(raised);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  for (const socket of sockets) socket.destroy();

  const latencies = perBase.flat().sort((a, b) => a - b);
  return {
    alarms: total,
    expected: total * plan.clients,
    delivered: latencies.length,
    perBase: perBase.map((list) => {
      list.sort((a, b) => a - b);
      return { delivered: list.length, p50: percentile(list, 50), p99: percentile(list, 99) };
    }),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
}

/** The p-th percentile of ascending `sorted`. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export function fanoutLines(result: FanoutResult): string[] {
  return [
    `deliveries ${result.delivered} of ${result.expected} expected${result.delivered === result.expected ? '' : ' — SOME LOST'}`,
    `fan-out latency p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms${result.p99 < 50 ? '' : ' — over the 50 ms goal'}`,
  ];
}
