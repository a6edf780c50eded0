import { describe, it, expect } from 'vitest';
import { RESULT_CODE, envelope, failure, isEnvelope, reactionFor, type Reaction } from '../../../domain/wire';

describe('resultCode reaction (spec §8)', () => {
  it.each<[number | null | undefined, Reaction]>([
    [200, 'data'],
    [504, 'logoutAndReload'],
    [401, 'accessLimitAlert'],
    [500, 'accessErrorAlert'],
    [400, 'errorToast'],
    [403, 'errorToast'],
    [404, 'errorToast'],
    [502, 'errorToast'],
    [201, 'errorToast'],
    [0, 'errorToast'],
    [-1, 'errorToast'],
    [undefined, 'data'],
    [null, 'data'],
  ])('reacts to resultCode %s with %s', (code, reaction) => {
    expect(reactionFor(code)).toBe(reaction);
  });

  it('names the four codes the console knows', () => {
    expect(RESULT_CODE).toEqual({ OK: 200, UNAUTHORIZED: 401, SERVER_ERROR: 500, SESSION_EXPIRED: 504 });
  });
});

describe('envelope guard', () => {
  it.each([
    { resultCode: 200, message: 'success', data: [1, 2] },
    { resultCode: 504, message: 'session expired', data: null },
    { resultCode: 401, message: '', data: 'x', extra: true },
  ])('accepts %j', (value) => {
    expect(isEnvelope(value)).toBe(true);
  });

  it.each([
    ['null', null],
    ['an array', [200, 'ok', null]],
    ['a string', '{"resultCode":200}'],
    ['a number', 200],
    ['no data member', { resultCode: 200, message: 'ok' }],
    ['no message', { resultCode: 200, data: 1 }],
    ['a numeric message', { resultCode: 200, message: 7, data: 1 }],
    ['a text resultCode', { resultCode: '200', message: 'ok', data: 1 }],
    ['a NaN resultCode', { resultCode: Number.NaN, message: 'ok', data: 1 }],
  ])('rejects %s', (_label, value) => {
    expect(isEnvelope(value)).toBe(false);
  });

  it('builds answers the guard accepts', () => {
    expect(envelope([1])).toEqual({ resultCode: 200, message: 'success', data: [1] });
    expect(isEnvelope(envelope(null))).toBe(true);
    expect(failure(500, 'boom')).toEqual({ resultCode: 500, message: 'boom', data: null });
    expect(reactionFor(failure(504, 'expired').resultCode)).toBe('logoutAndReload');
  });
});
