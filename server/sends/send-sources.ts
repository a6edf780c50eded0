// What a send carries, per kind, read from the row it is sent from (docs/device-sends.md): an upgrade file's version and
// size, a remote template's command, a truck's parameters or camera settings, a tank table. Parameter files are sent
// from the editor's text instead (device-file-routes.ts). A row not of the caller's companies, or disabled, is none.
import { scopedFrom } from '../auth/company-scope';
import type { Db } from '../db/open';
import type { SendKind } from '../../domain/params/send-status';
import type { ChangedRow } from './send-notices';
import { stepsFor, type SendSpec } from './send-store';
import { markTankTablesToBeSent } from './tank-table-sends';

/** A source and whether it names its own truck (parameters, camera settings, tank tables) or goes where it is told. */
interface SendSource {
  readonly spec: SendSpec;
  /** The one truck the row belongs to, when the row is a truck's own. */
  readonly truckId?: number;
  /**
   * What the source row itself becomes once sent, in the sends' transaction (a tank table 'to be sent'), and the list
   * row that changed with it.
   */
  readonly onSent?: { readonly mark: (trx: Db, now: number) => Promise<void>; readonly changed: ChangedRow };
}

/** Kinds sent from a row of their screen; the key is the table the row is in. */
export type RowKind = Exclude<SendKind, 'paramFile'>;

type Reader = (db: Db, id: number, companies: readonly string[]) => Promise<SendSource | undefined>;

const json = (value: unknown): string => JSON.stringify(value);

const READERS: Readonly<Record<RowKind, Reader>> = {
  async upgradeFile(db, id, companies) {
    const row = await scopedFrom(db, companies, 'upgradeFile')
      .select(['id', 'fileType', 'fileVersion', 'fileName', 'size', 'description'])
      .where('id', '=', id).where('status', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      spec: {
        kind: 'upgradeFile', target: `${row.fileName} ${row.fileVersion}`, description: row.description, sourceId: row.id,
        payload: json({ upgradeFileId: row.id, fileType: row.fileType, fileVersion: row.fileVersion, size: row.size }),
        steps: stepsFor(row.size),
      },
    };
  },
  async command(db, id, companies) {
    const row = await scopedFrom(db, companies, 'remoteTemplate')
      .select(['id', 'name', 'command', 'argument', 'description'])
      .where('id', '=', id).where('status', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      spec: {
        kind: 'command', target: row.name, description: row.description, sourceId: row.id,
        payload: json({ command: row.command, argument: row.argument }), steps: 1,
      },
    };
  },
  async parameter(db, id, companies) {
    const row = await scopedFrom(db, companies, 'truckParameter')
      .select(['id', 'truckId', 'maxSpeed', 'overspeedSec', 'preOverspeedLead', 'preFatigueLead', 'voicePrompts', 'mileageBase', 'serialNumber'])
      .where('id', '=', id).where('status', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    const { id: sourceId, truckId, ...values } = row;
    return { truckId, spec: { kind: 'parameter', target: 'parameter', description: '', sourceId, payload: json(values), steps: 1 } };
  },
  async camera(db, id, companies) {
    const row = await scopedFrom(db, companies, 'truckCamera')
      .select(['id', 'truckId', 'terminalPhone', 'totalChannels', 'dualIp', 'recording', 'realtimeVideo', 'hdLine'])
      .where('id', '=', id).where('status', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    const { id: sourceId, truckId, ...values } = row;
    return { truckId, spec: { kind: 'camera', target: 'camera', description: '', sourceId, payload: json(values), steps: 1 } };
  },
  async tankTable(db, id, companies) {
    const row = await scopedFrom(db, companies, 'tankTable')
      .select(['id', 'truckId', 'companyCode', 'serialNo', 'fileName', 'content', 'pipelineCapacity'])
      .where('id', '=', id).where('status', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      truckId: row.truckId,
      onSent: {
        mark: (trx, now) => markTankTablesToBeSent(trx, row.id, now),
        changed: { path: '/setting/base_data/tank_table', key: row.id, companyCode: row.companyCode },
      },
      spec: {
        kind: 'tankTable', target: row.serialNo, description: row.fileName, sourceId: row.id,
        payload: json({ tankTableId: row.id, pipelineCapacity: row.pipelineCapacity }),
        steps: stepsFor(Buffer.byteLength(row.content)),
      },
    };
  },
};

export function readSendSource(db: Db, kind: RowKind, id: number, companies: readonly string[]): Promise<SendSource | undefined> {
  return READERS[kind](db, id, companies);
}
