// The tank tables trucks' level gauges use: the one each truck's device last confirmed, read when the
// simulator starts so a restart keeps turning levels into the same volumes.
import { parseTankTable, type TankTable } from '../../domain/params/tank-table';
import type { Db } from '../db/open';

export async function tankTablesInUse(db: Db): Promise<Map<number, TankTable>> {
  const rows = await db.selectFrom('tankTable').select(['truckId', 'content']).where('state', '=', 'inUse').execute();
  const tables = new Map<number, TankTable>();
  for (const row of rows) {
    const parsed = parseTankTable(row.content);
    if (parsed.ok) tables.set(row.truckId, parsed.table);
  }
  return tables;
}
