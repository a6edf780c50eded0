// Makes sure better-sqlite3's native module loads, building it when it is missing. Its prebuilt download needs
// github.com; without it the install compiles SQLite from source, about 90 s on one core. `.ci/run` installs with
// --ignore-scripts and `npm test` runs this beside lint and typecheck, so that compile shares the machine with them
// instead of going first. Where `npm install` built it already, this only opens a database in memory.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));

export function ensureNative() {
  if (loads()) return;
  const started = Date.now();
  console.log('better-sqlite3: no native module yet, building it (npm rebuild)');
  const built = spawnSync('npm', ['rebuild', 'better-sqlite3', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0 || !loads()) {
    console.error('better-sqlite3 could not be built: the server cannot open its database');
    process.exit(1);
  }
  console.log(`better-sqlite3 built in ${Math.round((Date.now() - started) / 1000)} s`);
}

function loads() {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureNative();
