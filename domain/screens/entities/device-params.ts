// The device-parameter master data (params spec §3.2, §4, §5; docs/device-param-screens.md), one entry per
// screen: upgrade files and remote-command templates sent to chosen trucks, a truck's camera settings, driving
// parameters and tank tables sent to its own device, and the read-only lists the send engine fills (tank-table
// history, the probes' tables, the confirmed changes).
import { SEND_KINDS, TANK_TABLE_PENDING, TANK_TABLE_STATUSES, sendKindKey, tankTableStatusKey, type SendKind } from '../../params/send-status';
import type { EntityDef, EntityField, EntityPath, FieldOption } from './definition';
import { field, options } from './field';

const PARAMS = '/setting/device_parameter';
const BASE_DATA = '/setting/base_data';
const ALARM = '/setting/alarm_threshold';
const TRUCK_PATH = `${BASE_DATA}/truck` as const;

/** The seven upgrade file types of spec §3.2, stored as 1–7 in this order. */
const UPGRADE_FILE_TYPES = ['consoleUpgrade', 'controller', 'consoleParams', 'controllerParams', 'tankChart', 'clearCommand', 'restart'] as const;
/** A remote command's kinds; `custom` sends its argument as the command line. */
const REMOTE_COMMANDS = ['restart', 'clear', 'readVersions', 'readProbes', 'resetMileage', 'custom'] as const;
/** Commands that restart or clear a device: confirmed before sending. */
const DANGEROUS_COMMANDS: readonly (typeof REMOTE_COMMANDS)[number][] = ['restart', 'clear'];

/** A label of these screens where the engine's own (entity.field.<key>) names something else (a driver's default truck). */
const label = (key: string) => `deviceEntity.field.${key}` as EntityField['labelKey'];
const company = field('companyCode', 'company', { required: true, list: true, search: true });
/**
 * The row's truck, by its plate; `unique` where a truck has one row (its camera, its parameters): global, as the
 * settings are its device's, and a truck moved to another company keeps its row until that row is moved too.
 */
const truck = (extra: Partial<EntityField> = {}) =>
  field('truckId', 'reference', { required: true, ref: { path: TRUCK_PATH, label: 'signCode' }, list: true, labelKey: label('truckId'), ...extra });
/** A 0/1 switch, stored as a flag. */
const onOff = (key: string): EntityField => field(key, 'select', { required: true, options: options('switch', ['1', '0']), list: true });
const integer = (key: string, min: number, max: number): EntityField => field(key, 'integer', { required: true, min, max, list: true });
/**
 * A field the server sets; `required` where its column always holds a value (so a list orders it without looking for
 * empties, which a flag column cannot be compared with as text on PostgreSQL).
 */
const shown = (key: string, type: EntityField['type'], extra: Partial<EntityField> = {}): EntityField => field(key, type, { readOnly: true, list: true, required: true, ...extra });

const TANK_STATES: readonly FieldOption[] = TANK_TABLE_STATUSES.map((value) => ({ value, labelKey: tankTableStatusKey(value) }));
const kinds = (values: readonly SendKind[]): readonly FieldOption[] => values.map((value) => ({ value, labelKey: sendKindKey(value) }));

/** A confirmed change as params_record and modify_record list it (params spec §3.2 parameter modification). */
const CHANGE_FIELDS: readonly EntityField[] = [
  truck({ required: false }),
  company,
  shown('kind', 'select', { options: kinds(SEND_KINDS), search: true }),
  shown('file', 'text', { search: true }),
  shown('item', 'text', { search: true }),
  shown('oldValue', 'text', { required: false }),
  shown('newValue', 'text', { required: false }),
  shown('mode', 'text'),
  shown('sequence', 'integer'),
  shown('remark', 'text', { required: false }),
  shown('changedBy', 'text', { search: true }),
  shown('changedAt', 'dateTime'),
];

/** A record list over the confirmed changes of some kinds, newest first. */
const changeRecord = (path: EntityPath, recorded: readonly SendKind[]): EntityDef => ({
  path,
  table: 'paramChange',
  key: 'id',
  scope: 'company',
  readOnly: true,
  unstamped: true,
  filter: { column: 'kind', values: recorded },
  fields: CHANGE_FIELDS.map((entry) => (entry.key === 'kind' ? { ...entry, options: kinds(recorded) } : entry)),
  sort: { key: 'changedAt', order: 'desc' },
});

const TANK_TABLE_FIELDS: readonly EntityField[] = [
  company,
  truck(),
  // Sends and their records copy the serial as text and find the table by id: within the company.
  field('serialNo', 'text', { required: true, maxLength: 32, unique: 'company', list: true, search: true }),
  shown('state', 'select', { options: TANK_STATES, search: true }),
  shown('effectTime', 'dateTime', { required: false }),
  shown('sendTime', 'dateTime', { required: false, labelKey: label('sendTime') }),
  field('pipelineCapacity', 'decimal', { required: true, min: 0, max: 10_000, list: true }),
  shown('tankHeight', 'decimal'),
  shown('capacity', 'decimal', { labelKey: label('capacity') }),
  field('frameNo', 'text', { maxLength: 32, list: true, search: true }),
  shown('hasTable', 'select', { options: options('switch', ['1', '0']) }),
  field('fileName', 'file', { required: true, list: true, file: { rule: 'tankTable', storage: 'text', contentColumn: 'content', reader: 'tankTable' } }),
];

type DeviceParamPath =
  | `${typeof PARAMS}/${'upgrade_file' | 'camera_setup' | 'params_record'}`
  | `${typeof BASE_DATA}/${'tank_table' | 'tank_table_record' | 'atg_tank_table'}`
  | `${typeof ALARM}/${'parameter' | 'remote_template' | 'modify_record'}`;

export const DEVICE_PARAM_ENTITIES = {
  [`${PARAMS}/upgrade_file`]: {
    path: `${PARAMS}/upgrade_file`,
    table: 'upgradeFile',
    key: 'id',
    scope: 'company',
    label: 'fileVersion',
    send: { kind: 'upgradeFile', to: 'chooseTrucks' },
    fields: [
      field('fileType', 'select', { required: true, options: UPGRADE_FILE_TYPES.map((value, index) => ({ value: String(index + 1), labelKey: `entity.option.upgradeFileType.${value}` as FieldOption['labelKey'] })), list: true, search: true }),
      field('fileVersion', 'text', { required: true, maxLength: 50, list: true, search: true }),
      field('description', 'text', { required: true, maxLength: 200, list: true, search: true }),
      company,
      field('fileName', 'file', { required: true, list: true, file: { rule: 'upgradeFile', storage: 'bytes', contentColumn: 'content', sizeField: 'size' } }),
      shown('size', 'integer'),
    ],
    sort: { key: 'fileVersion', order: 'desc' },
  },
  [`${ALARM}/remote_template`]: {
    path: `${ALARM}/remote_template`,
    table: 'remoteTemplate',
    key: 'id',
    scope: 'company',
    send: { kind: 'command', to: 'chooseTrucks', dangerous: { key: 'command', values: DANGEROUS_COMMANDS } },
    fields: [
      field('name', 'text', { required: true, maxLength: 100, unique: 'company', list: true, search: true }),
      field('command', 'select', { required: true, options: options('remoteCommand', REMOTE_COMMANDS), list: true, search: true }),
      field('argument', 'text', { maxLength: 200, list: true }),
      field('description', 'text', { maxLength: 200, list: true }),
      company,
    ],
    sort: { key: 'name', order: 'asc' },
  },
  [`${PARAMS}/camera_setup`]: {
    path: `${PARAMS}/camera_setup`,
    table: 'truckCamera',
    key: 'id',
    scope: 'company',
    send: { kind: 'camera', to: 'rowTruck' },
    fields: [
      company,
      truck({ unique: 'global' }),
      field('terminalPhone', 'phone', { required: true, list: true, search: true }),
      integer('totalChannels', 1, 16),
      field('dualIp', 'text', { required: true, maxLength: 100, format: 'ipPorts', list: true }),
      onOff('recording'),
      onOff('realtimeVideo'),
      integer('hdLine', 1, 16),
    ],
    sort: { key: 'truckId', order: 'asc' },
  },
  [`${ALARM}/parameter`]: {
    path: `${ALARM}/parameter`,
    table: 'truckParameter',
    key: 'id',
    scope: 'company',
    send: { kind: 'parameter', to: 'rowTruck' },
    fields: [
      company,
      truck({ unique: 'global' }),
      integer('maxSpeed', 1, 200),
      integer('overspeedSec', 0, 3600),
      integer('preOverspeedLead', 0, 50),
      integer('preFatigueLead', 0, 60),
      onOff('voicePrompts'),
      field('mileageBase', 'decimal', { required: true, min: 0, max: 10_000_000, list: true }),
      field('serialNumber', 'text', { maxLength: 32, list: true, search: true }),
    ],
    sort: { key: 'truckId', order: 'asc' },
  },
  [`${BASE_DATA}/tank_table`]: {
    path: `${BASE_DATA}/tank_table`,
    table: 'tankTable',
    key: 'id',
    scope: 'company',
    label: 'serialNo',
    send: { kind: 'tankTable', to: 'rowTruck' },
    editBlocked: { key: 'state', values: [...TANK_TABLE_PENDING], messageKey: 'deviceEntity.blocked.tankTable' },
    insertDefaults: { state: 'notSent' },
    fields: TANK_TABLE_FIELDS,
    sort: { key: 'id', order: 'desc' },
  },
  [`${BASE_DATA}/tank_table_record`]: {
    path: `${BASE_DATA}/tank_table_record`,
    table: 'tankTable',
    key: 'id',
    scope: 'company',
    label: 'serialNo',
    readOnly: true,
    fields: TANK_TABLE_FIELDS.map((entry) => ({ ...entry, readOnly: true })),
    sort: { key: 'id', order: 'desc' },
  },
  [`${BASE_DATA}/atg_tank_table`]: {
    path: `${BASE_DATA}/atg_tank_table`,
    table: 'atgTankTable',
    key: 'id',
    scope: 'company',
    readOnly: true,
    unstamped: true,
    fields: [
      truck(),
      company,
      shown('compartment', 'integer'),
      shown('probeAddr', 'integer'),
      shown('points', 'integer'),
      shown('maxLevel', 'decimal'),
      shown('maxVolume', 'decimal'),
      shown('effectTime', 'dateTime'),
    ],
    sort: { key: 'effectTime', order: 'desc' },
  },
  [`${PARAMS}/params_record`]: changeRecord(`${PARAMS}/params_record`, ['paramFile', 'upgradeFile', 'camera', 'tankTable']),
  [`${ALARM}/modify_record`]: changeRecord(`${ALARM}/modify_record`, ['parameter', 'command']),
} as const satisfies Record<DeviceParamPath, EntityDef> & Partial<Record<EntityPath, EntityDef>>;
