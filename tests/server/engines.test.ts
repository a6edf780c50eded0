// The Node.js that README names is one every installed package supports: `npm ci` on it warns of no engine.
import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  readonly version?: string;
  readonly engines?: Readonly<Record<string, string>> | readonly string[];
}

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { readonly engines: { readonly node: string } };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { readonly packages: Readonly<Record<string, LockEntry>> };
const readme = fs.readFileSync('README.md', 'utf8');

describe('the Node.js the project names', () => {
  const oldest = semver.minVersion(pkg.engines.node);

  it('is the one README tells a fresh machine to have', () => {
    expect(oldest).not.toBeNull();
    expect(readme).toContain(`Node.js ≥ ${pkg.engines.node.replace(/^>=\s*/, '')}`);
  });

  it('is supported by every package of the lock file', () => {
    const unsupported: string[] = [];
    for (const [place, entry] of Object.entries(lock.packages)) {
      // An old lock format lists engines as strings ("node >= 8"): nothing to check against a range there.
      const node = entry.engines !== undefined && !Array.isArray(entry.engines) ? (entry.engines as Readonly<Record<string, string>>)['node'] : undefined;
      if (place === '' || node === undefined || oldest === null) continue;
      if (!semver.satisfies(oldest, node, { includePrerelease: true })) unsupported.push(`${place}@${entry.version ?? '?'} needs node ${node}`);
    }
    expect(unsupported).toEqual([]);
  });
});
