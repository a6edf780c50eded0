// The server's memory while import bombs are refused (issue 27): the server in a process of its own, four users each
// sending every bomb in turn, all at once, and the process's peak resident memory over that stretch (the operating
// system's own high-water mark, reset first, so no spike between samples escapes and start-up's does not count) must
// stay within 100 MB of what it held before. The files within the
// bounds that make the reader work hardest are among them: a sheet that only the row limit stops, and one whose cells
// hold more text than an import keeps. (A 10,000-row file taken whole and checked is measured by `npm run
// bench:settings`: its memory is the checks', not the reader's.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../src/domain/screens/entities/definition';
import { entityFor } from '../../../src/domain/screens/entities/registry';
import { entityCallPath, type EntityPage } from '../../../src/domain/screens/entities/wire';
import type { Diagnostics } from '../../../server/routes/diagnostics';
import { peakResidentBytes, resetPeak, residentBytes } from '../../helpers/process-memory';
import { call, login } from '../../helpers/api';
import { startMain, type MainProcess } from '../../helpers/server-process';
import { freshDatabase, type TestDatabase } from '../../helpers/test-database';
import { addImporters, upload } from './transfer-calls';
import { headerOf, importBombs, inlineRow, workbookBomb } from './xlsx-bombs';

const STATION = entityFor('/setting/base_data/station') as EntityDef;
const MB = 1024 * 1024;
const GROWTH_LIMIT = 100 * MB;
const IMPORTERS = 3;

const row = (tag: string, address = '地址'): string[] => [`内存站${tag}`, `MEM${tag}`, `内${tag}`, 'C002', address, '021-5555', '120', '121.45', '31.23'];

describe('server memory while import bombs are refused (server in its own process)', () => {
  let database: TestDatabase;
  let server: MainProcess;
  let admin: string;
  let tokens: string[];

  beforeAll(async () => {
    database = await freshDatabase();
    const target: Record<string, string> = database.target.kind === 'sqlite' ? { DB_PATH: database.target.path } : { DATABASE_URL: database.target.url };
    server = await startMain({ ...target, SIM: '1', SIM_TRUCKS: '4', SIM_BACKFILL_DAYS: '0' });
    admin = (await login(server.base, 'admin')).token;
    tokens = [admin, ...(await addImporters(server.base, admin, IMPORTERS))];
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const diagnostics = async (): Promise<Diagnostics> => (await call<Diagnostics>(server.base, 'GET', '/diagnostics', { token: admin })).data;
  const stations = async (): Promise<number> => (await call<EntityPage>(server.base, 'GET', entityCallPath(STATION.path), { token: admin, query: { size: 1 } })).data.total;

  it('grows by less than 100 MB while four users send every bomb at once, and imports none of them', async () => {
    // The import path's code loaded and the start-up's own work done before the baseline.
    const warm = workbookBomb({ head: inlineRow(headerOf(STATION)), row: inlineRow(row('W')), rows: 1 });
    expect((await upload(server.base, admin, STATION, warm)).data).toEqual({ imported: 1 });
    await expect.poll(async () => (await diagnostics()).reportDays.ready, { timeout: 60_000 }).toBe(true);
    const bombs = importBombs(STATION, row);
    const before = await stations();
    const { pid } = server.child;
    if (pid === undefined) throw new Error('the server process has no pid');
    resetPeak(pid);
    const baseline = residentBytes(pid);

    const answers = await Promise.all(
      tokens.map(async (token) => {
        const codes: Record<string, number> = {};
        for (const bomb of bombs) codes[bomb.name] = (await upload(server.base, token, STATION, bomb.file, 'en')).resultCode;
        return codes;
      }),
    );
    const peak = peakResidentBytes(pid);
    const growth = peak - baseline;
    console.info(`import bombs from ${tokens.length} users at once: RSS ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB (+${(growth / MB).toFixed(0)} MB)`);

    const refused = Object.fromEntries(bombs.map((bomb) => [bomb.name, 400]));
    for (const codes of answers) expect(codes).toEqual(refused);
    expect(await stations()).toBe(before);
    expect(growth).toBeLessThan(GROWTH_LIMIT);
  }, 600_000);
});
