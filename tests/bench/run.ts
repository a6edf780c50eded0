// `npm run bench`: builds the console and prints the measured figures (goal: ≤ 150 KB gzipped for /login and /dashboard).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { BundleSize } from './bundle-size';
import { measurePages } from './page-weight';
import { startServerProcess } from './server-process';

const GOAL_KB = 150;
const root = path.resolve(import.meta.dirname, '../..');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const line = (name: string, size: BundleSize) =>
  `${name} JavaScript in Chromium: ${kb(size.gzipBytes)} KB gzipped (${kb(size.rawBytes)} KB raw) in ${size.files.length} file(s)` +
  `${size.gzipBytes / 1024 > GOAL_KB ? ` — over the ${GOAL_KB} KB goal` : ''}`;

const { login, dashboard } = await measurePages(path.join(root, 'dist'));
console.log(line('/login', login));
console.log(line('/dashboard', dashboard));

// A first start as `npm start` makes it: migrate, seed 80 trucks, fill 30 days of history, serve (ARCHITECTURE: under 20 s).
const FIRST_START_GOAL_S = 20;
const started = performance.now();
const server = await startServerProcess({});
const seconds = (performance.now() - started) / 1000;
await server.stop();
console.log(`first start (new database, 80 trucks, 30 days of history) ready in ${seconds.toFixed(1)} s${seconds > FIRST_START_GOAL_S ? ` — over the ${FIRST_START_GOAL_S} s goal` : ''}`);
