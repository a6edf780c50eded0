// The send of a master-data row to trucks' devices (POST /deviceSend, docs/device-sends.md): the form, the answer's
// runtime check, and the truck lookups of the send dialog (plates typed, a row's plate to its truck id).
import i18next from 'i18next';
import { CallError, callPath } from '../../../api/client';
import { SEND_CALL_PATHS, type SendAnswer, type SendRequest } from '../../../../domain/params/send-wire';
import type { EntityDef } from '../../../../domain/screens/entities/definition';
import { entityFor } from '../../../../domain/screens/entities/registry';
import { isFiniteNumber, isRecord } from '../../../../domain/wire/guards';
import { fetchEntityPage } from './entity-calls';

const TRUCK_PATH = '/setting/base_data/truck';
/** Trucks offered per search: more than anyone reads, few enough to draw at once. */
const TRUCK_SEARCH_PAGE = 50;

export interface TruckChoice {
  readonly id: number;
  readonly plate: string;
}

function truckDef(): EntityDef {
  const def = entityFor(TRUCK_PATH);
  if (!def) throw new Error('no truck screen');
  return def;
}

/** Trucks whose plate contains `text` (all the caller's when empty), by plate, and how many match in all. */
export async function findTrucks(text: string, companyCode?: string): Promise<{ readonly trucks: readonly TruckChoice[]; readonly total: number }> {
  const query = { page: 1, size: TRUCK_SEARCH_PAGE, sort: 'signCode', order: 'asc', ...(text.trim() === '' ? {} : { signCode: text.trim() }), ...(companyCode ? { companyCode } : {}) };
  const page = await fetchEntityPage(truckDef(), query);
  return { trucks: page.rows.map((row) => ({ id: Number(row.key), plate: String(row.values['signCode'] ?? row.key) })), total: page.total };
}

/** The truck of exactly this plate, or undefined. */
export async function truckByPlate(plate: string): Promise<TruckChoice | undefined> {
  return (await findTrucks(plate)).trucks.find((truck) => truck.plate === plate);
}

const isSent = (value: unknown) => isRecord(value) && isFiniteNumber(value['id']) && isFiniteNumber(value['truckId']) && typeof value['signCode'] === 'string' && typeof value['status'] === 'string';
const isRefused = (value: unknown) => isRecord(value) && isFiniteNumber(value['truckId']) && typeof value['signCode'] === 'string' && typeof value['reason'] === 'string';

export function isSendAnswer(value: unknown): value is SendAnswer {
  return isRecord(value) && Array.isArray(value['sends']) && value['sends'].every(isSent) && Array.isArray(value['refused']) && value['refused'].every(isRefused);
}

/** Sends; the answer names the sends made and the trucks refused (a send of the same thing still pending there). */
export async function sendToDevices(request: SendRequest): Promise<SendAnswer> {
  const answer = await callPath<unknown>('POST', SEND_CALL_PATHS.sends, { ...request });
  if (isSendAnswer(answer)) return answer;
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}
