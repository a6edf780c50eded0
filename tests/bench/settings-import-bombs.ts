// Import bombs under load: four users each send every bomb of xlsx-bombs.ts and the file within the bounds that
// keeps the most text (tests/server/entities/xlsx-bombs.ts), all at once, while another user keeps asking for the truck
// list's first page. That user's answers are timed (goal: p99 under 200 ms, beside the same calls quiet just before) and
// the server's peak resident memory over the stretch is read from /proc, reset first (goal: under 100 MB more), beside
// the same stretch with no uploads (the simulator's own garbage counts there too). The same again with four 10,000-row
// files the reader takes whole, each checked and refused: the load of a legitimate import, a figure without a goal here.
import { entityFor } from '../../domain/screens/entities/registry';
import type { EntityDef } from '../../domain/screens/entities/definition';
import { entityCallPath } from '../../domain/screens/entities/wire';
import { call, login } from '../helpers/api';
import { peakResidentBytes, resetPeak, residentBytes } from '../helpers/process-memory';
import { addImporters, upload } from '../server/entities/transfer-calls';
import { importBombs, repeatedRowsFile, tooMuchTextFile, type NamedBomb } from '../server/entities/xlsx-bombs';
import { quantile } from './settings-figures';
import { TRUCK } from './settings-list';

export const BOMB_CALL_GOAL_MS = 200;
export const BOMB_GROWTH_GOAL_BYTES = 100 * 1024 * 1024;

const STATION = entityFor('/setting/base_data/station') as EntityDef;
const IMPORTERS = 4;
/** Calls timed before the uploads: the quiet figure beside the loaded one. */
const QUIET_CALLS = 100;

const row = (tag: string, address = '地址'): string[] => [`压测站${tag}`, `BENCH${tag}`, `压${tag}`, 'C002', address, '021-5555', '120', '121.45', '31.23'];

export interface Stretch {
  /** The other user's list calls, ms. */
  readonly calls: readonly number[];
  /** Resident memory at the start, and the most held over the stretch. */
  readonly rssBefore: number;
  readonly rssPeak: number;
  readonly seconds: number;
}

interface BombFigure {
  /** The list calls quiet, with the memory over as long a stretch as the bombs took. */
  readonly quiet: Stretch;
  readonly bombs: Stretch & { readonly uploads: number; readonly refused: number };
  readonly checked: Stretch & { readonly uploads: number; readonly refused: number };
  /** The process's peak before these stretches: their resets forget it, and the benchmark's own peak line needs it. */
  readonly peakBefore: number;
}

export const p = (values: readonly number[], q: number): string => quantile(values, q).toFixed(1);
export const growth = (stretch: Stretch): number => stretch.rssPeak - stretch.rssBefore;

/** `tag` keeps the importers' names apart when it runs more than once on one server. */
export async function measureImportBombs(base: string, pid: number, tag = ''): Promise<BombFigure> {
  const admin = (await login(base, 'admin')).token;
  const importers = await addImporters(base, admin, IMPORTERS, `bench-importer${tag}`);
  const { token: watcher } = await login(base, 'manager');
  const listCall = async (): Promise<number> => {
    const started = performance.now();
    const answer = await call(base, 'GET', entityCallPath(TRUCK.path), { token: watcher, query: { page: 1, size: 50, signCode: '12', sort: 'signCode', order: 'asc' } });
    if (answer.resultCode !== 200) throw new Error(`the truck list answered ${answer.resultCode}: ${answer.message}`);
    return performance.now() - started;
  };

  /** The list called over and over while `work` runs, and the server's memory meanwhile. */
  async function stretch<T>(work: () => Promise<T>): Promise<Stretch & { readonly result: T }> {
    resetPeak(pid);
    const rssBefore = residentBytes(pid);
    const started = performance.now();
    let running = true;
    const calls: number[] = [];
    const watching = (async () => {
      while (running) calls.push(await listCall());
    })();
    const result = await work().finally(() => {
      running = false;
    });
    await watching;
    return { calls, rssBefore, rssPeak: peakResidentBytes(pid), seconds: (performance.now() - started) / 1000, result };
  }

  const sendAll = (files: readonly NamedBomb[]) => async () => {
    const codes = await Promise.all(
      importers.map(async (token) => {
        const answers: number[] = [];
        for (const file of files) answers.push((await upload(base, token, STATION, file.file, 'en')).resultCode);
        return answers;
      }),
    );
    const all = codes.flat();
    return { uploads: all.length, refused: all.filter((code) => code !== 200).length };
  };

  const quietCalls: number[] = [];
  for (let index = 0; index < QUIET_CALLS; index += 1) quietCalls.push(await listCall());
  const peakBefore = peakResidentBytes(pid);
  const bombs = await stretch(sendAll([...importBombs(STATION, row), tooMuchTextFile(STATION, row)]));
  const quiet = await stretch(() => new Promise((resolve) => setTimeout(resolve, bombs.seconds * 1000)));
  const checked = await stretch(sendAll([repeatedRowsFile(STATION, row)]));
  return {
    quiet: { ...quiet, calls: [...quietCalls, ...quiet.calls] },
    bombs: { ...bombs, ...bombs.result },
    checked: { ...checked, ...checked.result },
    peakBefore,
  };
}
