// The database's tables as Kysely types (camelCase here, snake_case in SQL through CamelCasePlugin).
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { DeviceParamTables } from './schema-device-params';
import type { ThresholdTables } from './schema-thresholds';
import type { AlarmStateCode } from '../../domain/wire/alarm-inbox';

/** Times are epoch milliseconds everywhere in the database. */
type Millis = number;
/** 0/1 flags: portable between SQLite and PostgreSQL smallint. */
type Flag = number;

/** A column existing rows were given a value for when it was added (migration 0005): optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A column that may stay empty, optional on insert. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** Every master-data row (migration 0004): its version, bumped by each save (a stale edit is refused), and its last change. */
interface Versioned {
  version: ColumnType<number, number | undefined, number>;
  /** The user name of the last change through the entity screens; null for a row never changed there. */
  modifiedBy: ColumnType<string | null, string | null | undefined, string | null>;
  modifiedAt: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
}

interface CompanyTable extends Versioned {
  code: string;
  name: string;
  shortName: string;
  parentCode: string | null;
  address: string;
  phone: string;
  status: Flag;
}

interface RoleTable extends Versioned {
  id: Generated<number>;
  roleName: string;
  description: string;
  superMan: Flag;
  status: Flag;
}

/** A role's functions: a menu group id (grants the whole group) or one route path. */
interface RoleFunctionTable {
  roleId: number;
  functionId: string;
}

interface UserTable extends Versioned {
  id: Generated<number>;
  userName: string;
  realName: string;
  roleId: number;
  companyCode: string;
  /** scrypt of the MD5 hex of the password; never leaves the server. */
  passwordHash: string;
  status: Flag;
  avatar: string;
  lastLoginIp: string | null;
  lastLoginArea: string | null;
  lastLoginTime: Millis | null;
}

/** userPri: the companies whose trucks, alarms and rows a user receives. */
interface UserCompanyTable {
  userId: number;
  companyCode: string;
}

interface SessionTable {
  /** SHA-256 of the token, so a copy of the database holds no usable session. */
  tokenHash: string;
  userId: number;
  createdAt: Millis;
  lastSeenAt: Millis;
  ip: string;
}

interface AuthFailureTable {
  id: Generated<number>;
  userName: string;
  /** The key of the caller's address (server/http/address-key.ts): an IPv6 caller's /64. */
  ip: string;
  at: Millis;
  /** LOGIN_STATE (server/auth/rate-limit.ts): not a login, a login being checked, a failed login. */
  loginState: Generated<number>;
}

/** A challenge issued for a login (server/auth/login-challenge.ts): its answer's hash, until used or expired. */
interface LoginChallengeTable {
  id: string;
  /** Empty once used: the row stays until it expires, so its picture still counts (server/auth/login-challenge.ts). */
  answerHash: string;
  /** The key of the address it was issued to (server/http/address-key.ts), by which pictures per minute are counted. */
  ip: string;
  expiresAt: Millis;
}

interface QuickVisitTable {
  id: Generated<number>;
  userId: number;
  quickVisitUrl: string;
  quickVisitName: string;
}

interface UserAlarmChoiceTable {
  id: Generated<number>;
  userId: number;
  alarmTypeIds: string;
}

interface PlaceColumns extends Versioned {
  id: Generated<number>;
  code: string;
  name: string;
  shortName: string;
  companyCode: string;
  address: string;
  lat: number;
  lng: number;
  status: Flag;
}

interface DepotTable extends PlaceColumns {
  manager: string;
}

interface StationTable extends PlaceColumns {
  phone: string;
  safeRange: number;
}

interface ParkTable extends PlaceColumns {
  contact: string;
  phone: string;
}

/** Where trucks are serviced and repaired. */
type ServiceDepotTable = PlaceColumns;

export type TruckModel = 'fuel' | 'refrigerated' | 'bus' | 'minibus' | 'truck' | 'other' | 'sprinkler';

interface TruckTable extends Versioned {
  id: Generated<number>;
  /** The parent organisation, when the truck works for another than its company (params spec §3.2). */
  parentCode: Optional<string>;
  /** Camera channels. */
  channels: Defaulted<number>;
  /** UTC offset, '+08:00'. */
  timeZone: Defaulted<string>;
  /** Metres. */
  length: Optional<number>;
  trailers: Defaulted<number>;
  flowMeters: Defaulted<number>;
  city: Defaulted<string>;
  district: Defaulted<string>;
  truckColor: Defaulted<string>;
  signCode: string;
  consoleSn: string;
  companyCode: string;
  model: TruckModel;
  phone: string;
  compartments: number;
  /** Tonnes. */
  capacity: number;
  plateColor: string;
  status: Flag;
}

interface DriverTable extends Versioned {
  id: Generated<number>;
  birthday: Optional<Millis>;
  certificate: Defaulted<string>;
  homeAddress: Defaulted<string>;
  birthplace: Defaulted<string>;
  telephone: Defaulted<string>;
  email: Defaulted<string>;
  inductionTime: Optional<Millis>;
  /** The stored photo's name (server/entities/photos), '' for none. */
  photo: Defaulted<string>;
  code: string;
  name: string;
  sex: string;
  idNumber: string;
  mobile: string;
  companyCode: string;
  truckId: number | null;
  status: Flag;
}

interface DeviceTable extends Versioned {
  id: Generated<number>;
  /** The company whose list shows the device: its truck's when it was seeded. */
  companyCode: Optional<string>;
  installSite: Defaulted<string>;
  /** The truck model the device is made for. */
  vehicleType: Defaulted<string>;
  code: string;
  name: string;
  type: string;
  manufacturer: string;
  installDate: Millis;
  truckId: number | null;
  status: Flag;
}

/** The columns of the master-data tables migration 0005 made: an id, a company, a status and a version. */
interface EntityColumns extends Versioned {
  id: Generated<number>;
  companyCode: string;
  status: Defaulted<Flag>;
}

/** A repair card: what a service depot is paid with (params spec §3.2). */
interface RepairCardTable extends EntityColumns {
  code: string;
  issueTime: Optional<Millis>;
  issuer: string;
  remark: string;
}

/** A terminal's SIM card. */
interface PhoneNumberTable extends EntityColumns {
  phone: string;
  iccid: string;
  carrier: string;
  truckId: Optional<number>;
  openDate: Optional<Millis>;
  remark: string;
}

/** An SMS package bought for a SIM card. */
interface MessageRechargeTable extends EntityColumns {
  phone: string;
  /** Yuan. */
  amount: number;
  messages: number;
  rechargeTime: Optional<Millis>;
  remark: string;
}

/** A text message sent to a terminal's SIM card. */
interface MessageRecordTable extends EntityColumns {
  phone: string;
  content: string;
  sendTime: Optional<Millis>;
  result: string;
}

/** An uploaded image, by the name its content gives it (server/entities/photos.ts). */
interface PhotoTable {
  name: string;
  contentType: string;
  bytes: Buffer;
  uploadedBy: string;
  uploadedAt: Millis;
}

/** The live status row of each truck, as the status socket sends it. */
interface TruckLiveTable {
  truckId: number;
  status: number;
  alarm: string;
  gpsTime: Millis | null;
  statusTime: Millis | null;
  speed: number;
  area: string;
  lat: number;
  lng: number;
  heading: number;
  /** JSON of lastIventoryMap. */
  inventory: string;
  updatedAt: Millis;
}

interface PositionTable {
  id: Generated<number>;
  truckId: number;
  time: Millis;
  lat: number;
  lng: number;
  speed: number;
  heading: number;
  /** The real-time address text where the fix was taken ('浦东新区世纪大道'); '' for fixes stored before it was kept. */
  area: ColumnType<string, string | undefined, string>;
}

/** Business events behind the reports (loading, unloading, cover openings, parking…); `data` is JSON. */
interface EventTable {
  id: Generated<number>;
  truckId: number;
  companyCode: string;
  kind: string;
  startTime: Millis;
  endTime: Millis | null;
  data: string;
}

/** Design: handling states of an unsealing event; 0 (unconfirmed) is the absence of a row. */
interface EventHandlingTable {
  eventId: number;
  state: Flag;
  description: string;
  handler: string;
  handledAt: Millis;
}

interface AlarmTable {
  seq: Generated<number>;
  type: number;
  truckId: number;
  signCode: string;
  companyCode: string;
  startTime: Millis;
  insertTime: Millis;
  remark: string;
  /** JSON of the type's properties. */
  properties: string;
  /** Where the alarm stands (domain/wire/alarm-inbox.ts ALARM_STATE_CODES): 0 new, 1 acknowledged, 2 resolved. */
  state: ColumnType<AlarmStateCode, AlarmStateCode | undefined, AlarmStateCode>;
  /** Who made the last change of state or assignee, and when; null while nobody has. */
  stateBy: ColumnType<string | null, string | null | undefined, string | null>;
  stateAt: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  assignee: ColumnType<string | null, string | null | undefined, string | null>;
  /** The resolution's note. */
  note: ColumnType<string, string | undefined, string>;
}

/** One change of an alarm's standing, as the inbox's detail shows its history. */
interface AlarmStateChangeTable {
  id: Generated<number>;
  seq: number;
  state: AlarmStateCode;
  by: string;
  at: Millis;
  assignee: string | null;
  note: string;
}

interface HeartbeatTable {
  id: Generated<number>;
  truckId: number;
  heartTime: Millis;
  gpsTime: Millis;
  voltage: number;
}

interface FenceTable {
  id: Generated<number>;
  name: string;
  type: string;
  companyCode: string;
  approvalStatus: number;
  modifier: string;
  modifyTime: Millis;
  modifyType: 'new' | 'modify';
  approver: string | null;
  approvalTime: Millis | null;
  address: string;
  /** JSON of the fence's shape, a GeoJSON Feature (domain/fence-shape.ts); its shape equals `type`. Null: not drawn. */
  geometry: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Database extends ThresholdTables, DeviceParamTables {
  company: CompanyTable;
  role: RoleTable;
  roleFunction: RoleFunctionTable;
  appUser: UserTable;
  userCompany: UserCompanyTable;
  session: SessionTable;
  authFailure: AuthFailureTable;
  loginChallenge: LoginChallengeTable;
  quickVisit: QuickVisitTable;
  userAlarmChoice: UserAlarmChoiceTable;
  depot: DepotTable;
  station: StationTable;
  park: ParkTable;
  serviceDepot: ServiceDepotTable;
  truck: TruckTable;
  driver: DriverTable;
  device: DeviceTable;
  truckLive: TruckLiveTable;
  position: PositionTable;
  event: EventTable;
  eventHandling: EventHandlingTable;
  alarm: AlarmTable;
  alarmStateChange: AlarmStateChangeTable;
  heartbeat: HeartbeatTable;
  fence: FenceTable;
  repairCard: RepairCardTable;
  phoneNumber: PhoneNumberTable;
  messageRecharge: MessageRechargeTable;
  messageRecord: MessageRecordTable;
  photo: PhotoTable;
}

export type TableName = keyof Database;
export type Row<T extends TableName> = Selectable<Database[T]>;
export type NewRow<T extends TableName> = Insertable<Database[T]>;
