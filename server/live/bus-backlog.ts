// What the live bus reads from the database after an outage: the alarms it may have missed and every truck's status.
import type { Db } from '../db/open';
import { alarmsRecordedAfter, lastAlarmSeq } from '../store/alarms';
import { statusRows } from '../store/trucks';
import type { PublishedAlarm, PublishedRow } from './hub';

export interface BusBacklog {
  lastAlarmSeq(): Promise<number>;
  /** Alarms after `seq`, oldest first, at most `limit`. */
  alarmsAfter(seq: number, limit: number): Promise<PublishedAlarm[]>;
  /** Every truck's current status row, whatever its company. */
  statusRows(): Promise<PublishedRow[]>;
}

export function databaseBacklog(db: Db): BusBacklog {
  return {
    lastAlarmSeq: () => lastAlarmSeq(db),
    alarmsAfter: (seq, limit) => alarmsRecordedAfter(db, seq, limit),
    async statusRows() {
      const companies = await db.selectFrom('company').select('code').execute();
      return statusRows(db, { companyCodes: companies.map((c) => c.code) });
    },
  };
}
