// `npm run dev`: the server with reload on change, and Vite's dev server forwarding the API and sockets to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
children.forEach((child) => child.on('exit', stop));
