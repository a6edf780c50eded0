// The device-parameter tables as Kysely types (migration '0009-device-parameters',
// server/db/migrations-device-params.ts): the devices' files, the sends to devices and their status of record, the
// confirmed changes, and the master data of the device-parameter screens.
import type { ColumnType, Generated } from 'kysely';
import type { FileSendStatus, SendKind, TankTableStatus } from '../../domain/params/send-status';

type Millis = number;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The columns every master-data row has (as schema.ts's Versioned): its company, status, version and last change. */
interface EntityRow {
  id: Generated<number>;
  companyCode: string;
  status: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  modifiedBy: Nullable<string>;
  modifiedAt: Nullable<Millis>;
}

/** A parameter file as a truck's device last confirmed it: the server's copy of the device's own. */
interface DeviceFileTable {
  truckId: number;
  /** A ParamFileName. */
  name: string;
  content: string;
  /** Bumped by each confirmed change, so a send made from an old copy is known. */
  version: number;
  updatedAt: Millis;
}

/** One send to one truck's device and its status of record (params spec §3.2 Send message, §4). */
interface DeviceSendTable {
  id: Generated<number>;
  companyCode: string;
  truckId: number;
  kind: SendKind;
  /** What is sent, in words the list shows: a file name, an upgrade file's version, a command. */
  target: string;
  /** The file package description (an upgrade file's, or the user's note). */
  description: string;
  /** What the device receives: a file's text, a command with its argument, parameters as JSON. */
  payload: string;
  /** The row it was sent from (upgrade file, template, tank table, parameter or camera row), when there is one. */
  sourceId: Nullable<number>;
  status: FileSendStatus | TankTableStatus;
  /** Transfer progress: the packets received, of `steps`. */
  step: number;
  steps: number;
  /** How many times the server has sent it (a retry after a dropped link adds one). */
  sendTimes: number;
  /** When the user asked for it (required), when the device began receiving (actual), when it ended (completed). */
  requiredAt: Millis;
  actualAt: Nullable<Millis>;
  completedAt: Nullable<Millis>;
  createdBy: string;
  updatedAt: Millis;
}

/** A confirmed change of one value on one device (params_record, modify_record). */
interface ParamChangeTable {
  id: Generated<number>;
  companyCode: string;
  truckId: number;
  sendId: Nullable<number>;
  kind: SendKind;
  /** The file (a ParamFileName) or the settings' name the value belongs to. */
  file: string;
  /** The value's place: a header key, or `<section>.<index>.<key>`. */
  item: string;
  oldValue: string;
  newValue: string;
  /** How it was changed: `remote` (sent from the platform). */
  mode: string;
  /** The change's position within its send. */
  sequence: number;
  remark: string;
  changedBy: string;
  changedAt: Millis;
}

/** An upgrade file (params spec §3.2): its type (1–7), version, description and the uploaded bytes. */
interface UpgradeFileTable extends EntityRow {
  fileType: number;
  fileVersion: string;
  description: string;
  fileName: string;
  size: number;
  content: Buffer;
}

/** A remote command kept for reuse: its command and argument, and whether the device restarts or clears on it. */
interface RemoteTemplateTable extends EntityRow {
  name: string;
  command: string;
  argument: string;
  description: string;
}

/** A truck's camera settings (params spec §3.2 Camera setting); one row per truck. */
interface TruckCameraTable extends EntityRow {
  truckId: number;
  terminalPhone: string;
  totalChannels: number;
  dualIp: string;
  recording: number;
  realtimeVideo: number;
  hdLine: number;
}

/** A truck's driving parameters sent to its console (params spec §3.2 Parameter send); one row per truck. */
interface TruckParameterTable extends EntityRow {
  truckId: number;
  maxSpeed: number;
  overspeedSec: number;
  preOverspeedLead: number;
  preFatigueLead: number;
  voicePrompts: number;
  mileageBase: number;
  serialNumber: string;
}

/** An uploaded tank table (params spec §3.2 Tank table): the text and the facts read from it, and its send state. */
interface TankTableTable extends EntityRow {
  truckId: number;
  serialNo: string;
  state: TankTableStatus;
  effectTime: Nullable<Millis>;
  sendTime: Nullable<Millis>;
  pipelineCapacity: number;
  tankHeight: number;
  capacity: number;
  frameNo: string;
  hasTable: number;
  fileName: string;
  content: string;
}

/** A level gauge probe's table as its device uses it: one compartment of the truck's table in use (atg_tank_table). */
interface AtgTankTableTable {
  id: Generated<number>;
  companyCode: string;
  truckId: number;
  tankTableId: number;
  compartment: number;
  probeAddr: number;
  points: number;
  maxLevel: number;
  maxVolume: number;
  /** The compartment's level→volume rows, as the tank table's text writes them. */
  content: string;
  effectTime: Millis;
}

export interface DeviceParamTables {
  deviceFile: DeviceFileTable;
  deviceSend: DeviceSendTable;
  paramChange: ParamChangeTable;
  upgradeFile: UpgradeFileTable;
  remoteTemplate: RemoteTemplateTable;
  truckCamera: TruckCameraTable;
  truckParameter: TruckParameterTable;
  tankTable: TankTableTable;
  atgTankTable: AtgTankTableTable;
}
