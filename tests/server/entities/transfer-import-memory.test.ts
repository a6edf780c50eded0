// The server's memory while import bombs are refused, the server in a process of its own: its peak resident
// memory over a stretch (the operating system's own high-water mark, reset first, so no spike between samples escapes
// and start-up's does not count) must stay within 100 MB of what it held before. Four users send every bomb of
// xlsx-bombs.ts at once; one user sends the file within the bounds that keeps the most text. The heavier mixes (four
// users of those, and a 10,000-row file taken whole and checked) are `npm run bench:settings`'s: their peak is mostly
// garbage V8 has not collected yet, which moves with how busy the machine is, a figure to watch rather than to assert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { entityFor } from '../../../domain/screens/entities/registry';
import { entityCallPath, type EntityPage } from '../../../domain/screens/entities/wire';
import type { Diagnostics } from '../../../server/routes/diagnostics';
import { call, login } from '../../helpers/api';
import { peakResidentBytes, resetPeak, residentBytes } from '../../helpers/process-memory';
import { startMain, type MainProcess } from '../../helpers/server-process';
import { freshDatabase, type TestDatabase } from '../../helpers/test-database';
import { addImporters, upload, workbookOf } from './transfer-calls';
import { headerOf, importBombs, tooMuchTextFile, type NamedBomb } from './xlsx-bombs';

const STATION = entityFor('/setting/base_data/station') as EntityDef;
const MB = 1024 * 1024;
const GROWTH_LIMIT = 100 * MB;
const IMPORTERS = 3;

const row = (tag: string, address = '地址'): string[] => [`内存站${tag}`, `MEM${tag}`, `内${tag}`, 'C002', address, '021-5555', '120', '121.45', '31.23'];

describe('server memory while import bombs are refused (server in its own process)', () => {
  let database: TestDatabase;
  let server: MainProcess;
  let pid: number;
  let admin: string;
  let tokens: string[];

  beforeAll(async () => {
    database = await freshDatabase();
    const target: Record<string, string> = database.target.kind === 'sqlite' ? { DB_PATH: database.target.path } : { DATABASE_URL: database.target.url };
    server = await startMain({ ...target, SIM: '1', SIM_TRUCKS: '4', SIM_BACKFILL_DAYS: '0' });
    if (server.child.pid === undefined) throw new Error('the server process has no pid');
    pid = server.child.pid;
    admin = (await login(server.base, 'admin')).token;
    tokens = [admin, ...(await addImporters(server.base, admin, IMPORTERS))];
    // The import path's code loaded (a workbook as exceljs writes one) and the start-up's own work done before any baseline.
    const warm = await workbookOf([headerOf(STATION), row('W')]);
    expect((await upload(server.base, admin, STATION, warm)).data).toEqual({ imported: 1 });
    for (const deadline = Date.now() + 60_000; !(await diagnostics()).reportDays.ready; ) {
      if (Date.now() > deadline) throw new Error('the report days were not stored within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const diagnostics = async (): Promise<Diagnostics> => (await call<Diagnostics>(server.base, 'GET', '/diagnostics', { token: admin })).data;
  const stations = async (): Promise<number> => (await call<EntityPage>(server.base, 'GET', entityCallPath(STATION.path), { token: admin, query: { size: 1 } })).data.total;

  /** Each user sends every file in turn, the users at once; every answer is a refusal and nothing is imported. */
  async function growthWhileRefused(what: string, users: readonly string[], bombs: readonly NamedBomb[]): Promise<number> {
    const before = await stations();
    resetPeak(pid);
    const baseline = residentBytes(pid);
    const answers = await Promise.all(
      users.map(async (token) => {
        const codes: Record<string, number> = {};
        for (const bomb of bombs) codes[bomb.name] = (await upload(server.base, token, STATION, bomb.file, 'en')).resultCode;
        return codes;
      }),
    );
    const growth = peakResidentBytes(pid) - baseline;
    console.info(`${what}: RSS ${(baseline / MB).toFixed(0)} MB before, +${(growth / MB).toFixed(0)} MB at the peak`);
    const refused = Object.fromEntries(bombs.map((bomb) => [bomb.name, 400]));
    for (const codes of answers) expect(codes).toEqual(refused);
    expect(await stations()).toBe(before);
    return growth;
  }

  it('grows by less than 100 MB while four users send every bomb at once, and imports none of them', async () => {
    expect(await growthWhileRefused('every bomb from 4 users at once', tokens, importBombs(STATION, row))).toBeLessThan(GROWTH_LIMIT);
  }, 600_000);

  it('grows by less than 100 MB while a file within the bounds holds more text than an import keeps', async () => {
    expect(await growthWhileRefused('too much text, one user', [admin], [tooMuchTextFile(STATION, row)])).toBeLessThan(GROWTH_LIMIT);
  }, 600_000);
});
