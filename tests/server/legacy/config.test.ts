// CONTRACT in the environment: ours by default, legacy when asked, anything else refused at start.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';

describe('CONTRACT', () => {
  it('is ours when unset or empty, legacy when set so', () => {
    expect(configFromEnv({}).contract).toBe('ours');
    expect(configFromEnv({ CONTRACT: '' }).contract).toBe('ours');
    expect(configFromEnv({ CONTRACT: 'legacy' }).contract).toBe('legacy');
    expect(configFromEnv({ CONTRACT: ' ours ' }).contract).toBe('ours');
  });

  it('refuses any other value instead of starting with a guess', () => {
    expect(() => configFromEnv({ CONTRACT: 'spec' })).toThrow('CONTRACT must be one of ours, legacy, got "spec"');
  });

});
