import { describe, it, expect } from 'vitest';
import {
  HEARTBEAT_MESSAGE, HEARTBEAT_SILENCE_MS, MSG_TYPE, PONG, SOCKET_PATHS, SOCKET_RECONNECT_MS, STATUS_FREQUENCY, isPong,
  isFinalClose, SOCKET_CLOSE, parseAlarmSocketOpen, parseTruckSocketOpen, type AlarmSocketOpen, type TruckSocketOpen,
} from '../../../domain/wire';

describe('socket constants (spec §4, §7, §9)', () => {
  it('opens the two sockets under the host root', () => {
    expect(SOCKET_PATHS).toEqual({ truck: '/truckatgsub/truck', alarm: '/truckAlarm/alarm' });
  });

  it('reconnects after 5 s and heartbeats after 60 s of silence with an empty message', () => {
    expect(SOCKET_RECONNECT_MS).toBe(5_000);
    expect(HEARTBEAT_SILENCE_MS).toBe(60_000);
    expect(HEARTBEAT_MESSAGE).toBe('');
  });

  it('asks for status frequency 30 with msgType 0, alarms with msgType 1', () => {
    expect(STATUS_FREQUENCY).toBe(30);
    expect(MSG_TYPE).toEqual({ truck: 0, alarm: 1 });
  });

  it.each([
    ['pong', true],
    [PONG, true],
    ['Pong', false],
    ['"pong"', false],
    ['', false],
    ['[]', false],
  ])('treats frame %j as the heartbeat answer: %s', (frame, ok) => {
    expect(isPong(frame)).toBe(ok);
  });
});

describe('status socket open message', () => {
  const OPEN: TruckSocketOpen = { frequency: 30, msgType: 0, userPri: [{ key: 'C001' }, { key: 'C002' }] };

  it('accepts the spec message', () => {
    expect(parseTruckSocketOpen(OPEN)).toEqual(OPEN);
  });

  it('keeps the token extension', () => {
    expect(parseTruckSocketOpen({ ...OPEN, token: 'abc' })).toEqual({ ...OPEN, token: 'abc' });
  });

  it('reads a missing or null userPri as no company filter', () => {
    expect(parseTruckSocketOpen({ frequency: 30, msgType: 0 })?.userPri).toEqual([]);
    expect(parseTruckSocketOpen({ ...OPEN, userPri: null })?.userPri).toEqual([]);
  });

  it.each([
    ['null', null],
    ['the alarm msgType', { ...OPEN, msgType: 1 }],
    ['no msgType', { frequency: 30, userPri: [] }],
    ['a zero frequency', { ...OPEN, frequency: 0 }],
    ['a text frequency', { ...OPEN, frequency: '30' }],
    ['company codes as plain strings', { ...OPEN, userPri: ['C001'] }],
    ['an entry without key', { ...OPEN, userPri: [{ code: 'C001' }] }],
    ['a numeric token', { ...OPEN, token: 1 }],
  ])('rejects %s', (_label, value) => {
    expect(parseTruckSocketOpen(value)).toBeUndefined();
  });
});

describe('alarm socket open message', () => {
  const OPEN: AlarmSocketOpen = { typeIds: '1,2,201', msgType: 1, userPri: [{ key: 'C001' }], userName: 'admin' };

  it('accepts the spec message', () => {
    expect(parseAlarmSocketOpen(OPEN)).toEqual(OPEN);
  });

  it('keeps the token and lastSeq extensions', () => {
    expect(parseAlarmSocketOpen({ ...OPEN, token: 't', lastSeq: 0 })).toEqual({ ...OPEN, token: 't', lastSeq: 0 });
  });

  it('normalises typeIds through the catalogue', () => {
    expect(parseAlarmSocketOpen({ ...OPEN, typeIds: ' 2, 2,999,,1 ' })?.typeIds).toBe('2,1');
  });

  it.each([
    ['the status msgType', { ...OPEN, msgType: 0 }],
    ['no user name', { ...OPEN, userName: undefined }],
    ['typeIds as a list', { ...OPEN, typeIds: [1, 2] }],
    ['a negative lastSeq', { ...OPEN, lastSeq: -1 }],
    ['a text lastSeq', { ...OPEN, lastSeq: '5' }],
    ['a string', JSON.stringify(OPEN)],
  ])('rejects %s', (_label, value) => {
    expect(parseAlarmSocketOpen(value)).toBeUndefined();
  });
});

describe('socket close codes', () => {
  it.each([
    [SOCKET_CLOSE.sessionExpired, true],
    [SOCKET_CLOSE.originRefused, true],
    [SOCKET_CLOSE.openTimeout, false],
    [SOCKET_CLOSE.overloaded, false],
    [SOCKET_CLOSE.maintenance, false],
    [SOCKET_CLOSE.accessChanged, false],
    [1006, false],
    [1000, false],
  ])('treats close code %i as final: %s', (code, final) => {
    expect(isFinalClose(code)).toBe(final);
  });
});
