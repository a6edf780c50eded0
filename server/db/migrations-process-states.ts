// Migration '0010-process-states': rows written while the console knew three process states. Their codes
// keep their meaning (domain/process-states.ts), so most rows stay as they are; the two kinds whose state is known
// from the kind alone, and which the simulator now stamps with a finer one, are restamped so the history filters alike.
import { sql, type Migration } from 'kysely';
import type { AnyDb } from './migration-tables';

/** A kind always happens in one state: its rows' old folded code becomes that state. */
const RESTAMPS = [
  // A compartment is set to its task's product before loading starts: the take-over.
  { kind: 'product_change', alarmType: null, from: 'loading', to: 'loading_takeover' },
  // Water is found in the pipe before the valves open: the take-over at the station; alarm 3 carries the same facts.
  { kind: 'pipe_water', alarmType: 3, from: 'unloading', to: 'unloading_takeover' },
] as const;

/** The field as JSON.stringify writes it, which is how every row's data was written. */
const field = (state: string) => `"process":"${state}"`;

export const processStates = (): Migration => ({
  async up(db: AnyDb) {
    for (const { kind, alarmType, from, to } of RESTAMPS) {
      // Plain text replace on the stored JSON text: the same SQL on SQLite and PostgreSQL, and no JSON type needed.
      await sql`update event set data = replace(data, ${field(from)}, ${field(to)})
        where kind = ${kind} and data like ${`%${field(from)}%`}`.execute(db);
      if (alarmType === null) continue;
      await sql`update alarm set properties = replace(properties, ${field(from)}, ${field(to)})
        where type = ${alarmType} and properties like ${`%${field(from)}%`}`.execute(db);
    }
  },
});
