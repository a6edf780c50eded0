// A report export as the export worker builds it (server/exports/): every row of the query up to the limit, in the
// report's order, written as the report sheet (xlsx-sheet.ts). The route checked the query and columns already.
import { reportFor } from '../../domain/screens/reports/registry';
import type { ReportRow } from '../../domain/screens/reports/wire';
import type { BuiltExport, ReportJob, WorkerDb } from '../exports/export-jobs';
import { textSafeWorkbookWriter } from '../http/xlsx-text';
import { reportRun } from './report-query';
import { workbookColumns, writeRows } from './xlsx-sheet';

export async function buildReportExport({ db, kind }: WorkerDb, job: ReportJob): Promise<BuiltExport> {
  const def = reportFor(job.path, job.tab);
  if (!def) throw new Error(`no report ${job.path}`);
  const columns = workbookColumns(def, job.fields, job.headers);
  if (typeof columns === 'string') throw new Error(`no column ${columns} in ${job.path}`);
  const run = reportRun({ db, kind, companyCodes: job.companyCodes, now: job.now }, def);
  if ((await run.count(job.query)) > job.maxRows) {
    return { kind: 'refused', refusal: { resultCode: 400, key: 'report.error.tooManyToExport', values: { max: job.maxRows } } };
  }
  // All the rows in one read where the SQL pages them (off the event loop, a long read blocks no one, and OFFSET paging
  // would read the first pages again for every later one); they are held for the width fit anyway.
  const rows: ReportRow[] = [];
  for await (const row of run.rows(job.query, job.maxRows + 1)) rows.push(row);
  return { kind: 'sheet', write: (stream, pace) => writeRows(textSafeWorkbookWriter(stream), columns, rows, job.lang, pace) };
}
