// Import bombs under load (issue 27): four users each send every bomb of the issue (tests/server/entities/xlsx-bombs.ts),
// the file within the bounds that keeps the most text and the largest file the reader takes whole, all at once, while
// another user keeps asking for the truck list's first page; that user's answers are timed (goal: p99 under 200 ms,
// against the same calls quiet just before) and the server's peak resident memory over the stretch is read from /proc,
// reset first (goal: under 100 MB more).
import { entityFor } from '../../src/domain/screens/entities/registry';
import type { EntityDef } from '../../src/domain/screens/entities/definition';
import { entityCallPath } from '../../src/domain/screens/entities/wire';
import { call, login } from '../helpers/api';
import { peakResidentBytes, resetPeak, residentBytes } from '../helpers/process-memory';
import { addImporters, upload } from '../server/entities/transfer-calls';
import { importBombs, repeatedRowsFile, tooMuchTextFile } from '../server/entities/xlsx-bombs';
import { quantile } from './settings-figures';
import { TRUCK } from './settings-list';

export const BOMB_CALL_GOAL_MS = 200;
export const BOMB_GROWTH_GOAL_BYTES = 100 * 1024 * 1024;

const STATION = entityFor('/setting/base_data/station') as EntityDef;
const IMPORTERS = 4;
/** Calls timed before the bombs: the quiet figure beside the loaded one. */
const QUIET_CALLS = 100;

const row = (tag: string, address = '地址'): string[] => [`压测站${tag}`, `BENCH${tag}`, `压${tag}`, 'C002', address, '021-5555', '120', '121.45', '31.23'];

export interface BombFigure {
  /** The other user's list calls, ms: quiet, then while the bombs were sent. */
  readonly quiet: readonly number[];
  readonly during: readonly number[];
  /** Uploads answered, and of them refused (all should be). */
  readonly uploads: number;
  readonly refused: number;
  /** The process's peak before this stretch: the reset forgets it, and the benchmark's own peak line needs it. */
  readonly peakBefore: number;
  /** Resident memory before, and the most held while the bombs were sent. */
  readonly rssBefore: number;
  readonly rssPeak: number;
  readonly seconds: number;
}

export async function measureImportBombs(base: string, pid: number): Promise<BombFigure> {
  const admin = (await login(base, 'admin')).token;
  const importers = await addImporters(base, admin, IMPORTERS, 'bench-importer');
  const { token: watcher } = await login(base, 'manager');
  const files = [...importBombs(STATION, row), tooMuchTextFile(STATION, row), repeatedRowsFile(STATION, row)];
  const listCall = async (): Promise<number> => {
    const started = performance.now();
    const answer = await call(base, 'GET', entityCallPath(TRUCK.path), { token: watcher, query: { page: 1, size: 50, signCode: '12', sort: 'signCode', order: 'asc' } });
    if (answer.resultCode !== 200) throw new Error(`the truck list answered ${answer.resultCode}: ${answer.message}`);
    return performance.now() - started;
  };

  const quiet: number[] = [];
  for (let index = 0; index < QUIET_CALLS; index += 1) quiet.push(await listCall());

  const peakBefore = peakResidentBytes(pid);
  resetPeak(pid);
  const rssBefore = residentBytes(pid);
  const started = performance.now();
  let sending = true;
  const during: number[] = [];
  const watching = (async () => {
    while (sending) during.push(await listCall());
  })();
  const codes = await Promise.all(
    importers.map(async (token) => {
      const answers: number[] = [];
      for (const file of files) answers.push((await upload(base, token, STATION, file.file, 'en')).resultCode);
      return answers;
    }),
  ).finally(() => {
    sending = false;
  });
  await watching;
  const all = codes.flat();
  return {
    quiet,
    during,
    uploads: all.length,
    refused: all.filter((code) => code !== 200).length,
    peakBefore,
    rssBefore,
    rssPeak: peakResidentBytes(pid),
    seconds: (performance.now() - started) / 1000,
  };
}

export const p = (values: readonly number[], q: number): string => quantile(values, q).toFixed(1);
