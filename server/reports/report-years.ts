// The years a year report offers (params spec §9, "year selection for truck loss"): from the year of the caller's
// earliest row of the report's source to the current one, in the fleet's zone.
import type { ReportDef } from '../../domain/screens/reports/definition';
import { yearsSince } from '../../domain/screens/reports/query';
import { scopedFrom } from '../auth/company-scope';
import type { ReportContext } from './report-query';

/** The earliest start of the source's rows among the caller's companies; each kind's first walks its time index. */
async function earliestStart(ctx: ReportContext, def: ReportDef): Promise<number | undefined> {
  const source = def.source;
  const firsts = await Promise.all(
    'kinds' in source
      ? source.kinds.map((kind) => scopedFrom(ctx.db, ctx.companyCodes, 'event').select('startTime').where('kind', '=', kind)
        .orderBy('startTime').limit(1).executeTakeFirst())
      : 'alarmTypes' in source
        ? source.alarmTypes.map((type) => scopedFrom(ctx.db, ctx.companyCodes, 'alarm').select('startTime').where('type', '=', type)
          .orderBy('startTime').limit(1).executeTakeFirst())
        : [],
  );
  const times = firsts.flatMap((row) => (row ? [Number(row.startTime)] : []));
  return times.length === 0 ? undefined : Math.min(...times);
}

/** The years the caller's rows of this report cover, newest first; the current year always. */
export async function reportYears(ctx: ReportContext, def: ReportDef): Promise<number[]> {
  return yearsSince(await earliestStart(ctx, def), ctx.now);
}
