// A tank table's own state follows its send (params spec §4): 'to be sent' when sent, then as the device answers
// (server/sim/device-outcomes.ts), the table in use before it becoming history once the new one is in use.
import type { TankTableStatus } from '../../domain/params/send-status';
import type { Db } from '../db/open';

export async function markTankTablesToBeSent(trx: Db, tankTableId: number, now: number): Promise<void> {
  await trx.updateTable('tankTable').set({ state: 'toBeSent', sendTime: now, effectTime: null }).where('id', '=', tankTableId).execute();
}

export async function setTankTableState(db: Db, tankTableId: number, state: TankTableStatus, now: number): Promise<void> {
  await db
    .updateTable('tankTable')
    .set(state === 'inUse' ? { state, effectTime: now } : { state })
    .where('id', '=', tankTableId)
    .execute();
}
