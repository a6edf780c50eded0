// The settings benchmark's database: the simulator's own fleet of SIM_TRUCKS trucks (one driver each, no history worth
// the wait), then drivers added straight into the table until there are DRIVERS, with the values the seed would give
// them (unique names and 7-character codes, ID numbers with their check digit), so the driver list is as large as asked.
import { openDatabase } from '../../server/db/open';
import type { DatabaseTarget } from '../../server/db/target';
import { idNumber, mobile, uniqueDriverName } from '../../server/sim/names';
import { Rng } from '../../server/sim/random';
import { insertRows, type SqlValue } from '../../server/sim/sql';
import { startServerProcess } from './server-process';

/** The environment of every server process on this database: no event history beyond the seed's live rows. */
export function fleetEnv(trucks: number, target: DatabaseTarget): Record<string, string> {
  const database: Record<string, string> = target.kind === 'sqlite' ? { DB_PATH: target.path, DATABASE_URL: '' } : { DATABASE_URL: target.url };
  return { SIM_TRUCKS: String(trucks), SIM_BACKFILL_DAYS: '0', SIM_TRACK_DAYS: '0', ...database };
}

/** Builds the fleet with a server process of its own (which stops), then adds drivers up to `drivers`. */
export async function buildFleet(trucks: number, drivers: number, target: DatabaseTarget): Promise<{ readonly seconds: number }> {
  const started = performance.now();
  const builder = await startServerProcess(fleetEnv(trucks, target));
  await builder.stop();
  await addDrivers(target, drivers);
  return { seconds: (performance.now() - started) / 1000 };
}

async function addDrivers(target: DatabaseTarget, drivers: number): Promise<void> {
  const { db } = await openDatabase(target);
  try {
    const stored = await db.selectFrom('driver').select(['name', 'code', 'companyCode']).orderBy('id').execute();
    const missing = drivers - stored.length;
    if (missing <= 0) return;
    const used = new Set(stored.map((driver) => driver.name));
    const codes = new Set(stored.map((driver) => driver.code));
    const rng = new Rng('bench-settings-drivers');
    const rows: SqlValue[][] = [];
    for (let n = stored.length + 1; rows.length < missing; n += 1) {
      // The seed's codes are D + six digits: the next numbers keep the 7-character limit up to 999,999 drivers.
      const code = `D${String(n).padStart(6, '0')}`;
      if (codes.has(code)) continue;
      const male = rng.chance(0.85);
      // Companies in the seed's proportions: the company of a stored driver, taken in turn.
      const company = stored[rows.length % stored.length]?.companyCode ?? 'C002';
      rows.push([code, uniqueDriverName(rng, used), male ? '男' : '女', idNumber(rng, male), mobile(rng), company, null, 1]);
    }
    await insertRows(db, 'driver', ['code', 'name', 'sex', 'idNumber', 'mobile', 'companyCode', 'truckId', 'status'], rows);
  } finally {
    await db.destroy();
  }
}
