// Builds the console when dist/ is missing or older than its sources (`npm start`, `npm run manual:screenshots`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'index.html');
const sources = ['src', 'workers', 'streams', 'machines', 'locales', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json'];

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((max, entry) => Math.max(max, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

/** Runs `vite build` when needed; exits the process when the build fails. */
export function buildIfStale() {
  const stale =
    !fs.existsSync(built) ||
    sources.some((s) => fs.existsSync(path.join(root, s)) && newestMtime(path.join(root, s)) > fs.statSync(built).mtimeMs);
  if (!stale) return;
  console.log('Building the console…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfStale();
