// The fleet's master data (params spec §3.2): trucks, drivers, devices, repair cards, SIM cards and their text
// messages; one entry each. Uniqueness as spec §5 lists it: plate and console SN, driver name and code, device name and
// code; a repair card's code and a SIM card's number are unique by their nature. Within the row's company unless a
// field says why it is global.
import { COMPARTMENTS_MAX } from '../../constants';
import type { EntityDef, EntityPath, FieldOption } from './definition';
import { field, options } from './field';

const BASE = '/setting/base_data';
const TRUCK_PATH = `${BASE}/truck` as const;

/** The seven truck models of spec §3.2, as stored (server/db/schema.ts TruckModel). */
export const TRUCK_MODELS = ['fuel', 'refrigerated', 'bus', 'minibus', 'truck', 'other', 'sprinkler'] as const;
/** A device's types (spec §3.2). */
const DEVICE_TYPES = ['general', 'tanker', 'refrigerated', 'bus', 'minibus', 'truck', 'other'] as const;

/** UTC offsets of the region the fleets work in; '+08:00' is China's. */
const TIME_ZONES: readonly FieldOption[] = [6, 7, 8, 9].map((hours) => ({
  value: `+0${hours}:00`,
  labelKey: `entity.option.timeZone.utc${hours}` as FieldOption['labelKey'],
}));

const company = field('companyCode', 'company', { required: true, list: true, search: true });
const remark = field('remark', 'text', { maxLength: 400, list: true });
/** A truck chosen by its plate. */
const truck = (key: string) => field(key, 'reference', { ref: { path: TRUCK_PATH, label: 'signCode' }, list: true });
/** A mobile number: 11 digits, as a terminal's; the message names a mobile rather than a terminal. */
const mobile = (key: string, extra: Parameters<typeof field>[2] = {}) =>
  field(key, 'phone', { list: true, messages: { format: 'validation.mobile' }, ...extra });

type FleetPath = `${typeof BASE}/${'truck' | 'driver' | 'device' | 'repair_card' | 'phone_number' | 'message_recharge' | 'message_record'}`;

export const FLEET_ENTITIES = {
  [TRUCK_PATH]: {
    path: TRUCK_PATH,
    table: 'truck',
    key: 'id',
    scope: 'company',
    label: 'signCode',
    importable: true,
    fields: [
      // Global: a plate is one vehicle on the road, and the key every other screen, import and alarm names a truck by
      // (references resolve a plate among all the caller's companies, alarm rows keep it).
      field('signCode', 'text', { required: true, maxLength: 20, unique: 'global', list: true, search: true }),
      // Global: the console's serial is the device's own identity, which sends and device files go to.
      field('consoleSn', 'text', { required: true, maxLength: 32, unique: 'global', list: true, search: true }),
      company,
      field('parentCode', 'company'),
      field('model', 'select', { required: true, options: options('truckModel', TRUCK_MODELS), list: true, search: true }),
      field('phone', 'phone', { required: true, list: true, search: true }),
      field('channels', 'integer', { required: true, min: 0, max: 16 }),
      field('timeZone', 'select', { required: true, options: TIME_ZONES }),
      field('capacity', 'decimal', { required: true, min: 0, max: 100, list: true }),
      field('length', 'decimal', { min: 0, max: 30 }),
      field('trailers', 'integer', { required: true, min: 0, max: 4 }),
      field('compartments', 'integer', { required: true, min: 0, max: COMPARTMENTS_MAX, list: true }),
      field('flowMeters', 'integer', { required: true, min: 0, max: 10 }),
      field('city', 'text', { maxLength: 50, list: true }),
      field('district', 'text', { maxLength: 50 }),
      field('plateColor', 'select', { required: true, options: options('plateColor', ['blue', 'white', 'yellow', 'green']), list: true }),
      field('truckColor', 'text', { maxLength: 20 }),
    ],
    sort: { key: 'signCode', order: 'asc' },
  },
  [`${BASE}/driver`]: {
    path: `${BASE}/driver`,
    table: 'driver',
    key: 'id',
    scope: 'company',
    importable: true,
    fields: [
      field('name', 'text', { required: true, maxLength: 50, unique: 'company', list: true, search: true }),
      // Global: the data names a driver by code alone. A shift's sign event keeps the code and name, no row id, and the
      // driver scores add up a driver's month by code across the companies they drove for (server/reports/computed/
      // driver-score.ts): one code in two companies would merge two people.
      field('code', 'text', { required: true, maxLength: 7, unique: 'global', list: true, search: true, messages: { maxLength: 'validation.driverCode' } }),
      field('sex', 'select', {
        required: true,
        list: true,
        options: [{ value: '男', labelKey: 'entity.option.sex.male' }, { value: '女', labelKey: 'entity.option.sex.female' }],
      }),
      field('idNumber', 'idCard', { required: true, list: true, search: true }),
      field('birthday', 'date'),
      field('certificate', 'text', { maxLength: 50 }),
      field('homeAddress', 'text', { maxLength: 200 }),
      field('birthplace', 'text', { maxLength: 100 }),
      mobile('mobile', { required: true }),
      field('telephone', 'text', { maxLength: 32 }),
      field('email', 'email'),
      field('inductionTime', 'date', { list: true }),
      truck('truckId'),
      company,
      field('photo', 'photo'),
    ],
    sort: { key: 'code', order: 'asc' },
  },
  [`${BASE}/device`]: {
    path: `${BASE}/device`,
    table: 'device',
    key: 'id',
    scope: 'company',
    fields: [
      field('name', 'text', { required: true, maxLength: 100, unique: 'company', list: true, search: true }),
      field('code', 'text', { required: true, maxLength: 32, unique: 'company', list: true, search: true }),
      field('type', 'select', { required: true, options: options('deviceType', DEVICE_TYPES), list: true, search: true }),
      field('manufacturer', 'text', { maxLength: 100, list: true }),
      field('installDate', 'date', { required: true, list: true }),
      field('installSite', 'text', { maxLength: 200 }),
      field('vehicleType', 'select', { options: options('truckModel', TRUCK_MODELS) }),
      truck('truckId'),
      company,
    ],
    sort: { key: 'code', order: 'asc' },
  },
  [`${BASE}/repair_card`]: {
    path: `${BASE}/repair_card`,
    table: 'repairCard',
    key: 'id',
    scope: 'company',
    label: 'code',
    fields: [
      // The company issues its cards (issuer, issue time) and nothing reads a card by its code: within the company.
      field('code', 'text', { required: true, maxLength: 32, unique: 'company', list: true, search: true }),
      company,
      field('issueTime', 'date', { required: true, list: true }),
      field('issuer', 'text', { required: true, maxLength: 50, list: true, search: true }),
      remark,
    ],
    sort: { key: 'code', order: 'asc' },
  },
  [`${BASE}/phone_number`]: {
    path: `${BASE}/phone_number`,
    table: 'phoneNumber',
    key: 'id',
    scope: 'company',
    label: 'phone',
    fields: [
      // Global: a SIM's number is a terminal phone, one line of one carrier that reaches one device, whoever holds it.
      field('phone', 'phone', { required: true, unique: 'global', list: true, search: true }),
      field('iccid', 'text', { maxLength: 20, list: true, search: true }),
      field('carrier', 'select', { required: true, options: options('carrier', ['chinaMobile', 'chinaUnicom', 'chinaTelecom']), list: true, search: true }),
      company,
      truck('truckId'),
      field('openDate', 'date', { list: true }),
      remark,
    ],
    sort: { key: 'phone', order: 'asc' },
  },
  [`${BASE}/message_recharge`]: {
    path: `${BASE}/message_recharge`,
    table: 'messageRecharge',
    key: 'id',
    scope: 'company',
    label: 'phone',
    fields: [
      field('phone', 'phone', { required: true, list: true, search: true }),
      company,
      field('amount', 'decimal', { required: true, min: 0, max: 100_000, list: true }),
      field('messages', 'integer', { required: true, min: 0, max: 1_000_000, list: true }),
      field('rechargeTime', 'date', { required: true, list: true }),
      remark,
    ],
    sort: { key: 'rechargeTime', order: 'desc' },
  },
  [`${BASE}/message_record`]: {
    path: `${BASE}/message_record`,
    table: 'messageRecord',
    key: 'id',
    scope: 'company',
    label: 'phone',
    append: true,
    fields: [
      field('phone', 'phone', { required: true, list: true, search: true }),
      company,
      field('content', 'text', { required: true, maxLength: 400, list: true, search: true }),
      field('sendTime', 'date', { required: true, list: true }),
      field('result', 'select', { required: true, options: options('messageResult', ['sent', 'failed']), list: true, search: true }),
    ],
    sort: { key: 'sendTime', order: 'desc' },
  },
} as const satisfies Record<FleetPath, EntityDef> & Partial<Record<EntityPath, EntityDef>>;
