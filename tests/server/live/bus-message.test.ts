// The live bus's JSON messages: each kind survives the trip, and a stray message is dropped rather than thrown on.
import { describe, expect, it } from 'vitest';
import { decodeBusMessage, encodeBusMessage, type BusMessage } from '../../../server/live/bus-message';
import type { PublishedAlarm } from '../../../server/live/hub';

const ALARM: PublishedAlarm = {
  companyCode: 'C1',
  alarm: { type: 2, signCode: '京A1', startTime: 1, truckId: 3, insertTime: 1, remark: '', seq: 7, properties: {} },
};
const MESSAGES: BusMessage[] = [
  { kind: 'rows', rows: [] },
  { kind: 'alarm', alarm: ALARM },
  { kind: 'raw', frame: { socket: 'truck', data: [{ a: 1 }] } },
  { kind: 'accounts', change: { userIds: [1], companyCodes: ['C1'] } },
  { kind: 'sessions', ended: { userId: 4, exceptTokenHash: 'abc' } },
  { kind: 'notice', notice: { kind: 'dataChanged', topic: 'eventHandling', companyCodes: ['C1', 'C2'] } },
  { kind: 'notice', notice: { kind: 'entityChanged', path: '/setting/base_data/station', key: '12', companyCode: null } },
  { kind: 'resync', afterSeq: 12 },
  { kind: 'simRequest', id: 'i-1#3', request: { type: 201, truckId: 5 } },
  { kind: 'simAnswer', id: 'i-1#3', to: 'i-1', answer: { alarm: ALARM } },
  { kind: 'simAnswer', id: 'i-1#4', to: 'i-1', answer: { error: 'no truck 99 in the simulated fleet' } },
];

describe('bus messages', () => {
  it.each(MESSAGES)('carries a $kind message with its sender', (message) => {
    expect(decodeBusMessage(encodeBusMessage('i-1', message))).toEqual({ from: 'i-1', message });
  });

  it.each([
    'not json',
    '[]',
    JSON.stringify({ kind: 'rows', rows: [] }),
    JSON.stringify({ from: 'i-1', kind: 'shout' }),
    JSON.stringify({ from: 'i-1', kind: 'alarm', alarm: { companyCode: 'C1', alarm: { type: 2 } } }),
    JSON.stringify({ from: 'i-1', kind: 'resync', afterSeq: '12' }),
    JSON.stringify({ from: 'i-1', kind: 'notice', notice: { kind: 'dataChanged', topic: 'weather', companyCodes: ['C1'] } }),
    JSON.stringify({ from: 'i-1', kind: 'notice', notice: { kind: 'dataChanged', topic: 'eventHandling', companyCodes: 'C1' } }),
    JSON.stringify({ from: 'i-1', kind: 'notice', notice: { kind: 'dataChanged', topic: 'eventHandling', companyCodes: [1] } }),
    JSON.stringify({ from: 'i-1', kind: 'notice', notice: { kind: 'weatherChanged', topic: 'eventHandling', companyCodes: ['C1'] } }),
    JSON.stringify({ from: 'i-1', kind: 'notice', notice: { topic: 'eventHandling', companyCodes: ['C1'] } }),
    JSON.stringify({ from: 'i-1', kind: 'notice', topic: 'eventHandling', companyCodes: ['C1'] }),
    JSON.stringify({ from: 'i-1', kind: 'simRequest', id: 'i-1#3', request: { type: '201' } }),
    JSON.stringify({ from: 'i-1', kind: 'simAnswer', id: 'i-1#3', answer: { error: 'x' } }),
  ])('drops %s', (text) => {
    expect(decodeBusMessage(text)).toBeUndefined();
  });

  it('keeps only the fields a data change has', () => {
    const text = JSON.stringify({ from: 'i-1', kind: 'notice', notice: { kind: 'dataChanged', topic: 'eventHandling', companyCodes: ['C1'], extra: { big: 1 } } });
    expect(decodeBusMessage(text)?.message).toStrictEqual({ kind: 'notice', notice: { kind: 'dataChanged', topic: 'eventHandling', companyCodes: ['C1'] } });
  });
});
