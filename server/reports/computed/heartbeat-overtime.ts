// The overdue heartbeats as a report (over_time_heart): the superMan poll's rows, now, with how long each is overdue.
import { overtimeRows } from '../../routes/heartbeat';
import type { Compute } from '../computed-rows';

const MINUTE_MS = 60_000;

export const heartbeatOvertimeRows: Compute = async (ctx, input) => {
  const rows = await overtimeRows(ctx.db, input.companies, ctx.now);
  return rows
    .filter((row) => input.signCode === undefined || row.signCode === input.signCode)
    .map((row) => ({ ...row, overdueMinutes: Math.floor((ctx.now - Number(row.heartTime)) / MINUTE_MS) }));
};
