// The parameter file editor's calls (server/sends/device-file-routes.ts): the device's copy of a file with the send of
// it still pending, and an edited file sent to trucks; a refusal (a limit, a stale copy) comes back for the editor.
import i18next from 'i18next';
import { CallError, callPath } from '../../../api/client';
import type { ParamFileName } from '../../../../domain/params/catalogue-types';
import {
  SEND_CALL_PATHS, type DeviceFileAnswer, type FileProblems, type FileSendRequest, type SendAnswer,
} from '../../../../domain/params/send-wire';
import { isRecord } from '../../../../domain/wire/guards';
import { isSendAnswer } from '../entity/send-calls';

/** Refusals the editor shows itself: a value out of limits (400, with the problems) and a stale copy (409). */
const REFUSED = 400;
const STALE = 409;

function isDeviceFile(value: unknown): value is DeviceFileAnswer {
  return isRecord(value) && typeof value['content'] === 'string' && typeof value['version'] === 'number';
}

export async function fetchDeviceFile(truckId: number, name: ParamFileName): Promise<DeviceFileAnswer> {
  const answer = await callPath<unknown>('GET', SEND_CALL_PATHS.deviceFile, { truckId, name });
  if (isDeviceFile(answer)) return answer;
  throw new CallError(i18next.t('error.readDataFail'), undefined, undefined, false);
}

export async function postFileSend(request: FileSendRequest): Promise<SendAnswer> {
  const answer = await callPath<unknown>('POST', SEND_CALL_PATHS.sendFile, { ...request }, { passBackCodes: [REFUSED, STALE] });
  if (isSendAnswer(answer)) return answer;
  throw new CallError(i18next.t('error.submitFailed'), undefined, undefined, false);
}

/** A refused send's message and, for a 400 on values, each problem by its place. */
interface FileRefusal {
  readonly message: string;
  readonly stale: boolean;
  readonly problems: FileProblems['problems'];
}

export function fileRefusal(error: unknown): FileRefusal | undefined {
  if (!(error instanceof CallError) || (error.resultCode !== REFUSED && error.resultCode !== STALE)) return undefined;
  const data = isRecord(error.data) ? error.data : {};
  const problems = Array.isArray(data['problems']) ? (data['problems'] as FileProblems['problems']) : [];
  return { message: error.message, stale: error.resultCode === STALE, problems };
}
