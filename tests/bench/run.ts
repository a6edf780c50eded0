// `npm run bench`: builds the console and prints the measured figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { initialJavaScript } from './bundle-size';

const root = path.resolve(import.meta.dirname, '../..');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const login = initialJavaScript(path.join(root, 'dist'));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(`login page JavaScript: ${kb(login.gzipBytes)} KB gzipped (${kb(login.rawBytes)} KB raw) in ${login.files.length} file(s)`);
