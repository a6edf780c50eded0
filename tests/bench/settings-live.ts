// Live master data to a second console: the administrator edits trucks one after another; the manager's alarm socket
// (no alarm types chosen, so only notices arrive) hears `{"notice":"entityChanged",…}` for each, and the manager's
// list, fetched again as the console's worker does, holds the edit. Timed from the save's answer at the saver. (The
// operator hears the notices too but may not open the truck screen, so cannot fetch the list again.)
import WebSocket from 'ws';
import { parseEntityChangedFrame } from '../../domain/wire/entity-notice';
import { SOCKET_PATHS } from '../../domain/wire/sockets';
import { entityCallPath, type EntityPage, type EntityRow } from '../../domain/screens/entities/wire';
import { call, login } from '../helpers/api';
import { TRUCK } from './settings-list';

export const LIVE_GOAL_MS = 2_000;
/** One of the manager's companies: the edited trucks are its. */
const COMPANY = 'C002';
const NOTICE_TIMEOUT_MS = 10_000;

interface LiveFigure {
  /** Save answer → notice at the second socket, ms (0 when the notice came first). */
  readonly notice: readonly number[];
  /** Save sent → notice at the second socket, ms: the whole way, the save's own work included. */
  readonly sentToNotice: readonly number[];
  /** Save answer → the second user's list page fetched again holding the edit, ms. */
  readonly refetched: readonly number[];
  /** Notices that came before the saver had its answer. */
  readonly noticeFirst: number;
}

export async function measureLive(base: string, edits: number): Promise<LiveFigure> {
  const admin = (await login(base, 'admin')).token;
  const watcher = (await login(base, 'manager')).token;
  const path = entityCallPath(TRUCK.path);
  const page = await call<EntityPage>(base, 'GET', path, { token: admin, query: { page: 1, size: edits + 1, companyCode: COMPANY } });
  const trucks = page.data.rows;
  if (trucks.length < edits + 1) throw new Error(`only ${trucks.length} trucks of ${COMPANY}`);

  const heard = new Map<string, (at: number) => void>();
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${SOCKET_PATHS.alarm}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('message', (data) => {
    const at = performance.now();
    let frame: unknown;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return;
    }
    const change = parseEntityChangedFrame(frame);
    if (change?.path === TRUCK.path) heard.get(change.key)?.(at);
  });
  socket.send(JSON.stringify({ typeIds: '', msgType: 1, userPri: [], userName: 'manager', token: watcher }));

  const noticeOf = (key: string) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no notice of truck ${key} within ${NOTICE_TIMEOUT_MS} ms`)), NOTICE_TIMEOUT_MS);
      heard.set(key, (at) => {
        clearTimeout(timer);
        heard.delete(key);
        resolve(at);
      });
    });
  const edit = async (row: EntityRow, city: string) => {
    const noticed = noticeOf(row.key);
    const sentAt = performance.now();
    const answer = await call<EntityRow>(base, 'PUT', `${path}/${encodeURIComponent(row.key)}`, { token: admin, form: { version: row.version, city } });
    const answeredAt = performance.now();
    if (answer.resultCode !== 200) throw new Error(`edit of truck ${row.key}: ${answer.resultCode} ${answer.message}`);
    return { sentAt, answeredAt, noticedAt: await noticed };
  };

  const figure = { notice: [] as number[], sentToNotice: [] as number[], refetched: [] as number[], noticeFirst: 0 };
  try {
    // The first edit proves the subscription is in place (the socket subscribes once its open message is applied).
    const [first, ...rest] = trucks;
    if (first) await edit(first, `同步预热${Date.now() % 1000}`);
    for (const [i, row] of rest.slice(0, edits).entries()) {
      const city = `同步${i}-${Date.now() % 100_000}`;
      const { sentAt, answeredAt, noticedAt } = await edit(row, city);
      if (noticedAt < answeredAt) figure.noticeFirst += 1;
      figure.sentToNotice.push(noticedAt - sentAt);
      figure.notice.push(Math.max(0, noticedAt - answeredAt));
      // What the manager's console then does: its list asks again (here filtered to the plate, as a search would).
      const again = await call<EntityPage>(base, 'GET', path, { token: watcher, query: { page: 1, size: 50, signCode: String(row.values['signCode']) } });
      if (again.resultCode !== 200) throw new Error(`the manager's list: ${again.resultCode} ${again.message}`);
      const shown = again.data.rows.find((candidate) => candidate.key === row.key);
      if (shown?.values['city'] !== city) throw new Error(`the manager's list lacks the edit of truck ${row.key}`);
      figure.refetched.push(performance.now() - answeredAt);
      // Edits a console would make, not a flood: a pause between them.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    socket.terminate();
  }
  return figure;
}
