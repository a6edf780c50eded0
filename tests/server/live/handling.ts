// Handling unsealing events through the report route, and alarm sockets opened to hear the notices it publishes.
import { expect } from 'vitest';
import { EVERY_TYPE_LIST } from '../../../domain/alarm-types';
import { dataChangedFrame } from '../../../domain/wire/data-notice';
import type { Services } from '../../../server/services';
import { call } from '../../helpers/api';
import type { LiveClient } from '../../helpers/live-client';

const HANDLING = '/report/cargo_monitor/event_report/switchCover/handling';

/** The notice a handling sends, as the alarm socket's text. */
export const HANDLING_NOTICE = JSON.stringify(dataChangedFrame('eventHandling'));

/** The alarm socket's open message; without `token` the socket rides on its sid cookie. */
export const alarmOpen = (token: string | undefined, typeIds = EVERY_TYPE_LIST) => ({
  typeIds, msgType: 1, userPri: [], userName: 'someone', ...(token === undefined ? {} : { token }),
});

/** Marks the events non-abnormal; how many the server handled. */
export async function handle(url: string, token: string, ids: readonly number[]): Promise<number> {
  const answer = await call<number>(url, 'POST', HANDLING, { token, form: { ids: ids.join(','), state: 1 } });
  if (answer.resultCode !== 200) throw new Error(`handling failed: ${answer.resultCode} ${answer.message}`);
  return answer.data;
}

/**
 * Opens an alarm socket and waits until it streams: the feed subscribes to notices as its open message is applied,
 * in the same step that counts it as streaming.
 */
export async function openAlarmSocket(
  services: Services,
  open: () => Promise<LiveClient>,
  message: ReturnType<typeof alarmOpen>,
): Promise<LiveClient> {
  const streaming = () => services.sockets?.streamingCounts().alarm ?? 0;
  const before = streaming();
  const client = await open();
  client.send(message);
  await expect.poll(streaming).toBe(before + 1);
  return client;
}
