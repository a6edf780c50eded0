// GET /indicator<path>?range=30d|7d|1d (docs/indicators.md): one route per indicator dashboard, derived
// from its definition, answering every figure over the caller's companies, for whoever holds that dashboard's screen.
import { DEFAULT_INDICATOR_RANGE, indicatorSpan, INDICATOR_RANGES, type IndicatorRange } from '../../domain/screens/indicators/definition';
import { INDICATORS } from '../../domain/screens/indicators/dashboards';
import { indicatorCallPath, type IndicatorAnswer } from '../../domain/screens/indicators/wire';
import { envelope } from '../../domain/wire/envelope';
import { authOf } from '../auth/guard';
import type { ContractPlugin } from '../routes/plugin';
import { readIndicators } from './indicator-read';

const INDICATOR_QUERY = {
  type: 'object',
  properties: { range: { type: 'string', enum: [...INDICATOR_RANGES], default: DEFAULT_INDICATOR_RANGE } },
} as const;

export const indicatorRoutes: ContractPlugin = async (app, { services }) => {
  for (const def of Object.values(INDICATORS)) {
    app.get<{ Querystring: { range: IndicatorRange } }>(
      indicatorCallPath(def.path),
      { config: { access: def.path }, schema: { querystring: INDICATOR_QUERY } },
      async (request) => {
        const { range } = request.query;
        const answer = await readIndicators(services.db, def, range, indicatorSpan(range, Date.now()), authOf(request).companyCodes);
        return envelope<IndicatorAnswer>(answer);
      },
    );
  }
};
