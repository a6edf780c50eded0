// The commissioning check's call (server/commissioning/commissioning-route.ts): one truck's console read and judged.
import i18next from 'i18next';
import { CallError, callPath } from '../../../api/client';
import { CHECK_IDS, COMMISSIONING_CALL_PATH, type CommissioningAnswer } from '../../../../domain/params/commissioning';
import { isRecord } from '../../../../domain/wire/guards';

/** The answer's shape as far as the screen relies on it: the truck, the probes and one check per id. */
function isAnswer(value: unknown): value is CommissioningAnswer {
  if (!isRecord(value) || !isRecord(value['truck']) || !isRecord(value['console'])) return false;
  const { checks, sealProbes, levelProbes } = value;
  return Array.isArray(sealProbes) && Array.isArray(levelProbes) && Array.isArray(checks) && checks.length === CHECK_IDS.length;
}

export async function fetchDeviceTest(truckId: number): Promise<CommissioningAnswer> {
  const answer = await callPath<unknown>('GET', COMMISSIONING_CALL_PATH, { truckId });
  if (isAnswer(answer)) return answer;
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}
