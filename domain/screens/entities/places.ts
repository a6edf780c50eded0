// The organisations and the places the fleet works at (params spec §3.2): organisation, depot, station, parking lot,
// service depot; one entry each. Uniqueness as spec §5 lists it: each one's name and code, a place's within its
// company (two companies may each have a depot 一号油库), an organisation's across all.
import type { EntityDef, EntityPath } from './definition';
import { field } from './field';

const BASE = '/setting/base_data';


/**
 * A place's name and code. Loading and unloading events copy the depot's or station's code and name as they were
 * (server/sim/loading.ts), and the map lists places by company: nothing looks a place up by its code alone.
 */
const name = field('name', 'text', { required: true, maxLength: 100, unique: 'company', list: true, search: true });
const code = field('code', 'text', { required: true, maxLength: 32, unique: 'company', fixed: true, list: true, search: true });
/**
 * Global: organisations are the tenants themselves, not rows of one. The code is the key every table's company_code
 * names; the name is how every company picker and report's company column tells one organisation from another.
 */
const orgName = { ...name, unique: 'global' } as const;
const orgCode = { ...code, unique: 'global' } as const;
const shortName = field('shortName', 'text', { required: true, maxLength: 50, list: true });
const company = field('companyCode', 'company', { required: true, list: true, search: true });
const address = field('address', 'text', { maxLength: 200, list: true });
const phone = field('phone', 'text', { maxLength: 32, list: true });
const lat = field('lat', 'latitude', { required: true });
const lng = field('lng', 'longitude', { required: true });

type PlacePath = `${typeof BASE}/${'company' | 'storage' | 'station' | 'park' | 'service_depot'}`;

export const PLACE_ENTITIES = {
  [`${BASE}/company`]: {
    path: `${BASE}/company`,
    table: 'company',
    key: 'code',
    scope: 'organisation',
    fields: [orgCode, orgName, shortName, field('parentCode', 'company', { list: true }), address, phone],
    sort: { key: 'code', order: 'asc' },
    rules: ['noParentCycle'],
  },
  [`${BASE}/storage`]: {
    path: `${BASE}/storage`,
    table: 'depot',
    key: 'id',
    scope: 'company',
    fields: [name, code, shortName, company, address, field('manager', 'text', { required: true, maxLength: 50, list: true, messages: { required: 'validation.depotManagerRequired' } }), lng, lat],
    sort: { key: 'code', order: 'asc' },
  },
  [`${BASE}/station`]: {
    path: `${BASE}/station`,
    table: 'station',
    key: 'id',
    scope: 'company',
    importable: true,
    fields: [
      name, code, shortName, company, address, phone,
      field('safeRange', 'integer', { required: true, min: 0, max: 100_000, list: true }), lng, lat,
    ],
    sort: { key: 'code', order: 'asc' },
  },
  [`${BASE}/park`]: {
    path: `${BASE}/park`,
    table: 'park',
    key: 'id',
    scope: 'company',
    fields: [name, code, shortName, company, field('contact', 'text', { maxLength: 50, list: true }), address, phone, lng, lat],
    sort: { key: 'code', order: 'asc' },
  },
  [`${BASE}/service_depot`]: {
    path: `${BASE}/service_depot`,
    table: 'serviceDepot',
    key: 'id',
    scope: 'company',
    fields: [name, shortName, code, company, address, lng, lat],
    sort: { key: 'code', order: 'asc' },
  },
} as const satisfies Record<PlacePath, EntityDef> & Partial<Record<EntityPath, EntityDef>>;
