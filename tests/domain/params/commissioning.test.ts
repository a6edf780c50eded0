// The commissioning check's rules (docs/commissioning.md): each check's pass, warn and fail with its message, each
// probe's answer, the order of the checks, the summary, and version comparison.
import { describe, expect, it } from 'vitest';
import { translate, type LocaleKey } from '../../../domain/i18n';
import {
  CHECK_IDS, CHECK_RULES, compareVersions, judgeCommissioning, judgeLevelProbe, judgeSealProbe, summarize,
  type CheckId, type CommissioningFacts, type LevelProbeFacts, type SealProbeFacts,
} from '../../../domain/params/commissioning';

const NOW = Date.UTC(2026, 3, 1, 4, 0, 0);
const MIN = 60_000;

const seal = (over: Partial<SealProbeFacts> = {}): SealProbeFacts => ({
  index: 0, compartment: 1, line: 1, type: 1, enabled: true, sn: '1234567100', reported: true, sensorValue: 0, maxMv: 3300, ...over,
});
const level = (over: Partial<LevelProbeFacts> = {}): LevelProbeFacts => ({
  index: 0, compartment: 1, address: 0xc0, psn: '1234567900', found: true, cabinHeight: 1500,
  levelMm: 800, vt: 9000, v20: 8950, temperature: 18.5, ...over,
});

/** A truck of two compartments whose console agrees with it everywhere. */
function facts(over: Partial<CommissioningFacts> = {}): CommissioningFacts {
  return {
    truck: { id: 7, signCode: '京A10001', consoleSn: 'SN0001', companyName: '东城油品', compartments: 2 },
    live: { status: 1, gpsTime: NOW - 2 * MIN },
    lastHeartbeat: NOW - 5 * MIN,
    console: {
      version: 'V3.2.0', appMode: 0, sn: 'SN0001', plate: '京A10001', cabins: 2, tfStatus: 1,
      obcWorkMode: 0, spdsWorkMode: 0, tlsWorkMode: 0, spdsWorkEn: true, tlsWorkEn: true,
    },
    controllerVersion: 'V1.4.0',
    releases: { console: 'V3.2.0', controller: null },
    sealProbes: [seal(), seal({ index: 1, compartment: 2 })],
    levelProbes: [level(), level({ index: 1, compartment: 2, address: 0xc1 })],
    ...over,
  };
}

function check(id: CheckId, input: CommissioningFacts, now = NOW) {
  const answer = judgeCommissioning(input, now);
  const found = answer.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return { status: found.status, key: found.message.key.split('.').at(-1), values: found.message.values };
}

describe('the commissioning checks', () => {
  it('passes every check of a console that agrees with its truck, in the screen\'s order', () => {
    const answer = judgeCommissioning(facts(), NOW);
    expect(answer.checks.map((c) => c.id)).toEqual([...CHECK_IDS]);
    expect(answer.checks.filter((c) => c.status !== 'pass')).toEqual([]);
    expect(Object.keys(CHECK_RULES).sort()).toEqual([...CHECK_IDS].sort());
    expect(answer).toMatchObject({ online: true, checkedAt: NOW, lastHeardAt: NOW - 2 * MIN });
  });

  it('fails the online check of an offline truck and of one that never reported', () => {
    expect(check('online', facts())).toMatchObject({ status: 'pass', key: 'online' });
    expect(check('online', facts({ live: { status: 0, gpsTime: NOW - 3 * 60 * MIN } }))).toMatchObject({ status: 'fail', key: 'offline' });
    expect(check('online', facts({ live: null }))).toMatchObject({ status: 'fail', key: 'neverReported' });
  });

  it('judges the heartbeat by the newest report or heartbeat: fresh passes, over 30 minutes or none warns', () => {
    expect(check('heartbeat', facts())).toEqual({ status: 'pass', key: 'heartbeatFresh', values: { minutes: 2 } });
    const late = facts({ live: { status: 1, gpsTime: NOW - 45 * MIN }, lastHeartbeat: NOW - 40 * MIN });
    expect(check('heartbeat', late)).toEqual({ status: 'warn', key: 'heartbeatLate', values: { minutes: 40, limit: 30 } });
    expect(check('heartbeat', facts({ live: { status: 1, gpsTime: null }, lastHeartbeat: null }))).toMatchObject({ status: 'warn', key: 'heartbeatNone' });
    expect(check('heartbeat', facts({ live: null, lastHeartbeat: NOW - 30 * MIN }))).toMatchObject({ status: 'pass', values: { minutes: 30 } });
  });

  it('fails a console without a version, warns one older than the newest release', () => {
    expect(check('consoleVersion', facts())).toEqual({ status: 'pass', key: 'versionCurrent', values: { version: 'V3.2.0' } });
    const behind = facts({ releases: { console: 'V3.10.0', controller: null } });
    expect(check('consoleVersion', behind)).toEqual({ status: 'warn', key: 'versionBehind', values: { version: 'V3.2.0', release: 'V3.10.0' } });
    expect(check('consoleVersion', facts({ console: { ...facts().console, version: ' ' } }))).toMatchObject({ status: 'fail', key: 'versionMissing' });
    // A console newer than every release (a test build) passes.
    expect(check('consoleVersion', facts({ releases: { console: 'V3.1.9', controller: null } })).status).toBe('pass');
  });

  it('warns a controller that reported no version or runs one older than its release', () => {
    expect(check('controllerVersion', facts())).toEqual({ status: 'pass', key: 'controllerCurrent', values: { version: 'V1.4.0' } });
    expect(check('controllerVersion', facts({ controllerVersion: null }))).toMatchObject({ status: 'warn', key: 'controllerUnknown' });
    const behind = facts({ releases: { console: null, controller: 'V1.5' } });
    expect(check('controllerVersion', behind)).toEqual({ status: 'warn', key: 'controllerBehind', values: { version: 'V1.4.0', release: 'V1.5' } });
  });

  it('fails a console reporting no SN or another SN than the truck\'s master data', () => {
    expect(check('consoleSn', facts())).toEqual({ status: 'pass', key: 'snMatch', values: { sn: 'SN0001' } });
    expect(check('consoleSn', facts({ console: { ...facts().console, sn: '' } }))).toMatchObject({ status: 'fail', key: 'snMissing' });
    expect(check('consoleSn', facts({ console: { ...facts().console, sn: 'SN0099' } })))
      .toEqual({ status: 'fail', key: 'snMismatch', values: { reported: 'SN0099', expected: 'SN0001' } });
  });

  it('warns a console holding another plate', () => {
    expect(check('plate', facts())).toMatchObject({ status: 'pass', key: 'plateMatch' });
    expect(check('plate', facts({ console: { ...facts().console, plate: '京A99999' } })))
      .toEqual({ status: 'warn', key: 'plateMismatch', values: { reported: '京A99999', expected: '京A10001' } });
  });

  it('passes a normal TF card, warns a missing one, fails a faulty or unreported one', () => {
    const tf = (tfStatus: number | null) => check('tfCard', facts({ console: { ...facts().console, tfStatus } }));
    expect(tf(1)).toMatchObject({ status: 'pass', key: 'tfNormal' });
    expect(tf(0)).toMatchObject({ status: 'warn', key: 'tfNone' });
    expect(tf(2)).toMatchObject({ status: 'fail', key: 'tfFault' });
    expect(tf(null)).toMatchObject({ status: 'fail', key: 'tfFault' });
  });

  it('warns seal or level work switched off with probes set up, or on without any', () => {
    const modes = (over: Partial<CommissioningFacts['console']>, probes: Partial<CommissioningFacts> = {}) =>
      check('workModes', facts({ ...probes, console: { ...facts().console, ...over } }));
    expect(modes({ spdsWorkEn: false })).toEqual({ status: 'warn', key: 'sealWorkOff', values: { count: 2 } });
    expect(modes({ tlsWorkEn: false })).toEqual({ status: 'warn', key: 'levelWorkOff', values: { count: 2 } });
    expect(modes({}, { sealProbes: [seal({ enabled: false })] })).toMatchObject({ status: 'warn', key: 'sealWorkIdle' });
    expect(modes({}, { levelProbes: [] })).toMatchObject({ status: 'warn', key: 'levelWorkIdle' });
    expect(modes({ spdsWorkEn: false, tlsWorkEn: false }, { sealProbes: [], levelProbes: [] })).toMatchObject({ status: 'pass', key: 'workModesOk' });
  });

  it('compares the truck\'s compartments with the console\'s count: a disagreement or more than five warns', () => {
    const cabins = (compartments: number, consoleCabins: number | null) =>
      check('compartments', facts({ truck: { ...facts().truck, compartments }, console: { ...facts().console, cabins: consoleCabins } }));
    expect(cabins(2, 2)).toEqual({ status: 'pass', key: 'compartmentsAgree', values: { count: 2 } });
    expect(cabins(3, 2)).toEqual({ status: 'warn', key: 'cabinsMismatch', values: { console: 2, truck: 3 } });
    expect(cabins(6, 5)).toEqual({ status: 'warn', key: 'tooManyCompartments', values: { truck: 6, max: 5 } });
    expect(cabins(2, null)).toMatchObject({ status: 'warn', key: 'cabinsMissing' });
    expect(cabins(0, 1)).toMatchObject({ status: 'pass', key: 'noTanks' });
  });

  it('wants a level probe in each of the console\'s compartments and none beyond, each address once', () => {
    const layout = (levelProbes: LevelProbeFacts[], cabins: number | null = 2) =>
      check('levelCoverage', facts({ levelProbes, console: { ...facts().console, cabins } }));
    expect(layout(facts().levelProbes as LevelProbeFacts[])).toEqual({ status: 'pass', key: 'coverageOk', values: { count: 2 } });
    expect(layout([level()], 3)).toEqual({ status: 'warn', key: 'probeMissing', values: { compartments: '2, 3' } });
    expect(layout([level(), level({ compartment: 2, address: 0xc1 }), level({ compartment: 4, address: 0xc3 })]))
      .toEqual({ status: 'warn', key: 'probeExtra', values: { compartments: '4' } });
    expect(layout([level(), level({ compartment: 2 })])).toEqual({ status: 'fail', key: 'addressTwice', values: { addresses: 'C0' } });
    // Without the console's count, the truck's own (at most five) is the layout wanted.
    expect(layout([level()], null)).toMatchObject({ status: 'warn', key: 'probeMissing', values: { compartments: '2' } });
  });

  it('judges each seal probe: switched off and out-of-range readings warn, an unreported probe fails, offline cannot confirm', () => {
    const answer = (over: Partial<SealProbeFacts>, online = true) => {
      const judged = judgeSealProbe(seal(over), online);
      return [judged.status, judged.message.key.split('.').at(-1)];
    };
    expect(answer({})).toEqual(['pass', 'ok']);
    expect(answer({ enabled: false })).toEqual(['warn', 'disabled']);
    expect(answer({ reported: false, sensorValue: null })).toEqual(['fail', 'silent']);
    expect(answer({}, false)).toEqual(['warn', 'offline']);
    expect(answer({ sensorValue: 4000 })).toEqual(['warn', 'overRange']);
    expect(judgeSealProbe(seal({ sensorValue: 4000 }), true).message.values).toEqual({ value: 4000, max: 3300 });
  });

  it('judges each level probe: not found on the bus fails, no reading or a level above the compartment warns', () => {
    const answer = (over: Partial<LevelProbeFacts>, online = true) => {
      const judged = judgeLevelProbe(level(over), online);
      return [judged.status, judged.message.key.split('.').at(-1)];
    };
    expect(answer({})).toEqual(['pass', 'ok']);
    expect(answer({ found: false })).toEqual(['fail', 'notFound']);
    expect(answer({ found: false }, false)).toEqual(['fail', 'notFound']);
    expect(answer({}, false)).toEqual(['warn', 'offline']);
    expect(answer({ levelMm: null })).toEqual(['warn', 'noReading']);
    expect(answer({ levelMm: 1600 })).toEqual(['warn', 'overHeight']);
    expect(judgeLevelProbe(level({ levelMm: 1600 }), true).message.values).toEqual({ level: 1600, height: 1500 });
  });

  it('sums the probes into their checks: any silent fails, any needing a look warns, none warns unless no tanks', () => {
    expect(check('sealProbes', facts())).toEqual({ status: 'pass', key: 'probesAnswer', values: { total: 2 } });
    expect(check('sealProbes', facts({ sealProbes: [seal(), seal({ index: 1, reported: false })] })))
      .toEqual({ status: 'fail', key: 'probesSilent', values: { count: 1, total: 2 } });
    expect(check('levelProbes', facts({ levelProbes: [level({ levelMm: null })] })))
      .toEqual({ status: 'warn', key: 'probesWarn', values: { count: 1, total: 1 } });
    expect(check('levelProbes', facts({ levelProbes: [] }))).toMatchObject({ status: 'warn', key: 'levelNone' });
    expect(check('sealProbes', facts({ sealProbes: [] }))).toMatchObject({ status: 'warn', key: 'sealNone' });
    expect(check('sealProbes', facts({ sealProbes: [], truck: { ...facts().truck, compartments: 0 } }))).toMatchObject({ status: 'pass', key: 'noTanks' });
    // Offline, every probe is unconfirmed: the probe checks warn beside the failed online check.
    const offline = judgeCommissioning(facts({ live: { status: 0, gpsTime: NOW - 60 * MIN } }), NOW);
    expect(offline.levelProbes.every((p) => p.status === 'warn')).toBe(true);
    expect(offline.checks.find((c) => c.id === 'levelProbes')?.status).toBe('warn');
  });

  it('counts passes, warnings and failures, the worst deciding the whole', () => {
    expect(summarize([{ status: 'pass' }, { status: 'pass' }])).toEqual({ pass: 2, warn: 0, fail: 0, overall: 'pass' });
    expect(summarize([{ status: 'pass' }, { status: 'warn' }])).toMatchObject({ warn: 1, overall: 'warn' });
    expect(summarize([{ status: 'fail' }, { status: 'warn' }, { status: 'pass' }])).toEqual({ pass: 1, warn: 1, fail: 1, overall: 'fail' });
  });

  it('compares versions by their numbers in order', () => {
    expect(compareVersions('V3.2.0', 'V3.10.0')).toBeLessThan(0);
    expect(compareVersions('V3.2', 'V3.2.0')).toBe(0);
    expect(compareVersions('2.0.1', 'V2.0.0')).toBeGreaterThan(0);
    expect(compareVersions('beta', 'beta')).toBe(0);
  });

  it('gives every message it can give a text in both languages with all its values filled', () => {
    const keys = new Set<string>();
    const variants: CommissioningFacts[] = [
      facts(), facts({ live: null, lastHeartbeat: null, controllerVersion: null, sealProbes: [], levelProbes: [] }),
      facts({ live: { status: 0, gpsTime: NOW - 90 * MIN }, console: { ...facts().console, version: '', sn: 'X', plate: 'Y', tfStatus: 0, cabins: 3 } }),
      facts({ releases: { console: 'V9', controller: 'V9' }, sealProbes: [seal({ reported: false })], levelProbes: [level({ found: false })] }),
    ];
    for (const input of variants) {
      const answer = judgeCommissioning(input, NOW);
      for (const judged of [...answer.checks, ...answer.sealProbes, ...answer.levelProbes]) {
        keys.add(judged.message.key);
        for (const lang of ['zh', 'en'] as const) {
          const text = translate(lang, judged.message.key as LocaleKey, judged.message.values);
          expect(text, judged.message.key).not.toMatch(/\{\{|commissioning\./);
        }
      }
    }
    expect(keys.size).toBeGreaterThan(25);
  });
});
