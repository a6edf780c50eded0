// Rows of the read-only lists, written as the send engine writes them (a tank table's history, the probes' tables, the
// confirmed changes), so the registry-wide list, search, scope and export tests have rows of every screen.
import type { EntityDef } from '../../../domain/screens/entities/definition';
import { SAMPLE_TANK_TABLE } from './sample-files';
import type { Db } from '../../../server/db/open';

/** The table states a tank-table history shows, in turn. */
const STATES = ['inUse', 'history', 'complete', 'failed', 'notSent'] as const;

async function truckOf(db: Db, company: string, index: number): Promise<number> {
  const trucks = await db.selectFrom('truck').select('id').where('companyCode', '=', company).orderBy('id').execute();
  const truck = trucks[index % Math.max(1, trucks.length)];
  if (!truck) throw new Error(`${company} has no truck`);
  return truck.id;
}

/** A stored tank table of the company's truck, as an upload the devices took; its id. */
async function insertTankTable(db: Db, company: string, index: number, now = Date.now()): Promise<number> {
  const row = await db
    .insertInto('tankTable')
    .values({
      companyCode: company, status: 1, version: 1, modifiedBy: 'admin', modifiedAt: now,
      truckId: await truckOf(db, company, index), serialNo: `REC-${company}-${index}-${now % 100_000}`, state: STATES[index % STATES.length] ?? 'inUse',
      effectTime: now - index * 60_000, sendTime: now - index * 60_000 - 5_000, pipelineCapacity: 120 + index, tankHeight: 1500, capacity: 20_000,
      frameNo: `LFV${index}X${company}`, hasTable: 1, fileName: `table-${index}.txt`, content: SAMPLE_TANK_TABLE,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One row of a read-only screen's table, of `company`, the `index`-th made; the key it is listed by. */
export async function insertRecord(db: Db, def: EntityDef, company: string, index: number): Promise<string> {
  const now = Date.now();
  if (def.table === 'tankTable') return String(await insertTankTable(db, company, index, now));
  if (def.table === 'atgTankTable') {
    const tankTableId = await insertTankTable(db, company, index, now);
    const row = await db
      .insertInto('atgTankTable')
      .values({
        companyCode: company, truckId: await truckOf(db, company, index), tankTableId, compartment: (index % 2) + 1, probeAddr: 192 + (index % 16),
        points: 151, maxLevel: 1500 - index, maxVolume: 10_000 + index, content: '0 0\n1500 10000\n', effectTime: now - index * 60_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }
  if (def.table === 'paramChange') {
    const kinds = def.filter?.values ?? ['paramFile'];
    const row = await db
      .insertInto('paramChange')
      .values({
        companyCode: company, truckId: await truckOf(db, company, index), sendId: null, kind: (kinds[index % kinds.length] ?? 'paramFile') as never,
        file: index % 2 === 0 ? 'syscfg.txt' : 'Parameters', item: `item${index}.value`, oldValue: String(index), newValue: String(index + 1),
        mode: 'remote', sequence: index + 1, remark: index % 2 === 0 ? '' : `Remark ${index}`, changedBy: 'admin', changedAt: now - index * 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }
  throw new Error(`no record fixture for ${def.table}`);
}
