// Truck status rows and devices of the caller's companies (shell spec §7 getTruckBarData, onlineTruck, devices/all).
import type { RoutePath } from '../../domain/routes';
import { envelope } from '../../domain/wire/envelope';
import type { UserPriEntry } from '../../domain/wire/entities';
import type { TruckDevice } from '../../domain/wire/records';
import type { TruckStatusRow } from '../../domain/wire/truck-row';
import { scopedFrom } from '../auth/company-scope';
import { authOf } from '../auth/guard';
import { narrowCompanies } from '../auth/context';
import { statusRows } from '../store/trucks';
import { callRoute } from './call-route';
import type { ContractPlugin } from './plugin';

const jsonUserPri = {
  type: 'array',
  maxItems: 500,
  items: { type: 'object', required: ['key'], properties: { key: { type: 'string', maxLength: 32 } } },
} as const;
const formUserPri = { type: 'string', maxLength: 4000 } as const;

/** userPri as JSON (`[{ key }]`, what GET /userPri returned) or, from a form, a comma list of codes. */
interface BarDataBody {
  userPri?: readonly UserPriEntry[] | string;
}

/** The company codes a bar-data request names; none names all the caller's companies. */
function requestedCodes(userPri: BarDataBody['userPri']): string[] {
  if (userPri === undefined) return [];
  if (typeof userPri === 'string') return userPri.split(',').map((code) => code.trim()).filter((code) => code !== '');
  return userPri.map((entry) => entry.key);
}

/** The full-URL status call lives at the host root, beside the status socket. */
export const truckHostRoutes: ContractPlugin = async (app, { services }) => {
  callRoute<'getTruckBarData', BarDataBody | string | undefined>(
    app, 'getTruckBarData',
    {
      config: { access: 'shell' },
      // One schema per encoding, so the validator never coerces a JSON list into text or back.
      // A request without a body (or of another text type) is not validated and asks for all companies.
      schema: {
        body: {
          content: {
            'application/json': { schema: { type: 'object', properties: { userPri: jsonUserPri } } },
            'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { userPri: formUserPri } } },
          },
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const body = request.body;
      const userPri = typeof body === 'object' && body !== null ? body.userPri : undefined;
      const companyCodes = narrowCompanies(auth.companyCodes, requestedCodes(userPri));
      const rows: TruckStatusRow[] = (await statusRows(services.db, { companyCodes })).map((published) => services.wire.statusRow(published.row));
      return envelope(rows);
    },
  );
};

/** The monitor board's live screens, which list the trucks online now. */
const LIVE_SCREENS: readonly RoutePath[] = [
  '/monitor/cargo_transport', '/monitor/liquid_level', '/monitor/track_map', '/monitor/sprinkler_monitoring', '/monitor/sprinkler_real_inventory',
];

export const truckRoutes: ContractPlugin = async (app, { services }) => {
  const { db } = services;

  callRoute(app, 'onlineTruck', { config: { access: LIVE_SCREENS } }, async (request) => {
    const rows = await statusRows(db, { companyCodes: authOf(request).companyCodes, onlineOnly: true });
    return envelope(rows.map((published): TruckStatusRow => services.wire.statusRow(published.row)));
  });

  callRoute(app, 'devicesAll', { config: { access: 'shell' } }, async (request) => {
    // A device belongs to a company through the truck it is installed on; spare devices belong to nobody yet.
    const devices: TruckDevice[] = await scopedFrom(db, authOf(request).companyCodes, 'truck', 't')
      .innerJoin('device as d', 'd.truckId', 't.id')
      .select(['d.code', 'd.name'])
      .orderBy('d.code')
      .execute();
    return envelope(devices);
  });
};
