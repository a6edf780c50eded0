// The report routes, derived from the definitions: for every report a GET of one page, a GET of its totals, a POST
// export, for the unsealing screens a POST that handles selected events, and for a year report a GET of the years it
// offers. No route is written per screen. Each serves its report's screen alone: a role holding another screen of the
// same menu group is refused.
import type { FastifyInstance } from 'fastify';
import { EXPORT_WARN_ROWS } from '../../domain/constants';
import type { RoutePath } from '../../domain/routes';
import type { ReportDef } from '../../domain/screens/reports/definition';
import { filterKeys, hasYearFilter, queryProblem, type ReportQuery } from '../../domain/screens/reports/query';
import { ENTITIES } from '../../domain/screens/entities/registry';
import { REPORT_DEFS, reportCallPath } from '../../domain/screens/reports/registry';
import { REPORT_OPTIONS_PATH, TOTALS_SUFFIX, YEARS_SUFFIX, type ReportOptions } from '../../domain/screens/reports/wire';
import { envelope } from '../../domain/wire/envelope';
import { scopedFrom } from '../auth/company-scope';
import { authOf } from '../auth/guard';
import { failText } from '../envelope';
import { pageSchema, REPORT_PAGING } from '../routes/paging';
import { field, type ContractPlugin } from '../routes/plugin';
import type { Services } from '../services';
import { exportRoute } from './export-route';
import { handlingRoute } from './handling-route';
import { reportContext } from './report-context';
import { reportRun } from './report-query';
import { reportYears } from './report-years';

/** Query keys any report accepts, with their schema; select filters add theirs as text. */
function queryProperties(def: ReportDef): Record<string, object> {
  const properties: Record<string, object> = {
    // A page too large is refused with the report's own message (queryProblem), not Ajv's.
    ...pageSchema(REPORT_PAGING),
    sort: field.text(40),
    order: { type: 'string', enum: ['asc', 'desc'] },
  };
  for (const key of filterKeys(def)) {
    if (key === 'startTime' || key === 'endTime') properties[key] = field.time;
    else if (key === 'companyCodes') properties[key] = field.text(4000);
    else if (key === 'signCode') properties[key] = field.text(20);
    // Longer than any text filter allows: a long value is refused with the report's own message, not Ajv's.
    else if (def.filters.some((filter) => filter.type === 'text' && filter.key === key)) properties[key] = field.text(400);
    else properties[key] = field.text(40);
  }
  return properties;
}

/**
 * The screens whose company and truck choices the options call fills: every report's filters, the master-data screens'
 * company choices, the sends' filters and the user fences' company.
 */
const OPTIONS_SCREENS: readonly RoutePath[] = [
  ...new Set<RoutePath>([
    ...REPORT_DEFS.map((def) => def.path), ...Object.values(ENTITIES).map((def) => def.path),
    '/setting/device_parameter/send_message', '/setting/alarm_threshold/remote', '/setting/base_data/user_enclosure',
  ]),
];

export const reportRoutes: ContractPlugin = async (app, { services }) => {
  // The answer holds only the caller's own companies and trucks.
  app.get(REPORT_OPTIONS_PATH, { config: { access: OPTIONS_SCREENS } }, async (request) => {
    const { companyCodes } = authOf(request);
    const [companies, trucks] = await Promise.all([
      scopedFrom(services.db, companyCodes, 'company').select(['code', 'name', 'parentCode']).orderBy('code').execute(),
      scopedFrom(services.db, companyCodes, 'truck', 't')
        .innerJoin('company as c', 'c.code', 't.companyCode')
        .select(['t.signCode', 'c.name as companyName'])
        .orderBy('t.signCode')
        .execute(),
    ]);
    return envelope<ReportOptions>({ companies, trucks });
  });

  for (const def of REPORT_DEFS) await defRoutes(app, services, def);
};

/** One definition's calls: a page, its totals, the export and, for the unsealing screens, the handling. */
async function defRoutes(app: FastifyInstance, services: Services, def: ReportDef): Promise<void> {
  const url = reportCallPath(def);
  const access = def.path;
  const properties = queryProperties(def);

  app.get<{ Querystring: ReportQuery }>(
    url,
    { config: { access }, schema: { querystring: { type: 'object', properties } } },
    async (request) => {
      const problem = queryProblem(def, request.query);
      if (problem) return failText(request, 400, problem.key, problem.params);
      return envelope(await reportRun(reportContext(services, request), def).page(request.query));
    },
  );

  app.get<{ Querystring: ReportQuery }>(
    `${url}${TOTALS_SUFFIX}`,
    { config: { access }, schema: { querystring: { type: 'object', properties } } },
    async (request) => {
      const problem = queryProblem(def, request.query);
      if (problem) return failText(request, 400, problem.key, problem.params);
      return envelope(await reportRun(reportContext(services, request), def).totals(request.query));
    },
  );

  if (hasYearFilter(def)) {
    app.get(`${url}${YEARS_SUFFIX}`, { config: { access } }, async (request) => envelope(await reportYears(reportContext(services, request), def)));
  }

  await exportRoute(app, services, def, { url: `${url}/export`, access, properties, maxRows: EXPORT_WARN_ROWS });
  if (def.handling) await handlingRoute(app, services, def, { url: `${url}/handling`, access });
}
