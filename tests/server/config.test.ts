// The scale-out settings in the environment: REDIS_URL turns the Redis bus on, INSTANCE_ID names the instance.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';

describe('REDIS_URL and INSTANCE_ID', () => {
  it('keeps the in-process hub when REDIS_URL is unset or empty', () => {
    expect(configFromEnv({}).redisUrl).toBeUndefined();
    expect(configFromEnv({ REDIS_URL: ' ' }).redisUrl).toBeUndefined();
  });

  it('takes a redis:// or rediss:// address and refuses anything else at start, without echoing it (it may hold a password)', () => {
    expect(configFromEnv({ REDIS_URL: ' redis://10.0.0.5:6379/0 ' }).redisUrl).toBe('redis://10.0.0.5:6379/0');
    expect(configFromEnv({ REDIS_URL: 'rediss://:secret@cache:6380' }).redisUrl).toBe('rediss://:secret@cache:6380');
    expect(() => configFromEnv({ REDIS_URL: 'http://:secret@cache' })).toThrow(/^REDIS_URL must start with redis:\/\/ or rediss:\/\/$/);
  });

  it('names the instance by INSTANCE_ID when set', () => {
    expect(configFromEnv({ INSTANCE_ID: ' web-2 ' }).instanceId).toBe('web-2');
    expect(configFromEnv({}).instanceId).toBeUndefined();
  });
});

describe('the simulated history', () => {
  it('keeps GPS fixes and heartbeats for the last 3 days unless SIM_TRACK_DAYS says otherwise', () => {
    expect(configFromEnv({}).sim.trackDays).toBe(3);
    expect(configFromEnv({ SIM_TRACK_DAYS: '30' }).sim.trackDays).toBe(30);
    expect(() => configFromEnv({ SIM_TRACK_DAYS: '-1' })).toThrow(/SIM_TRACK_DAYS/);
  });
});

describe('FLEET_TIME_ZONE', () => {
  it("is China's unless set, takes any zone name the runtime knows, and refuses another at start", () => {
    expect(configFromEnv({}).fleetTimeZone).toBe('Asia/Shanghai');
    expect(configFromEnv({ FLEET_TIME_ZONE: ' Asia/Urumqi ' }).fleetTimeZone).toBe('Asia/Urumqi');
    expect(configFromEnv({ FLEET_TIME_ZONE: 'UTC' }).fleetTimeZone).toBe('UTC');
    expect(() => configFromEnv({ FLEET_TIME_ZONE: 'Beijing' })).toThrow(/FLEET_TIME_ZONE must be a time zone name/);
  });
});
