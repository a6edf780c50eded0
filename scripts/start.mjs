// `npm start`: builds the console when dist/ is missing or older than its sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { ensureNative } from './ensure-native.mjs';

const root = path.resolve(import.meta.dirname, '..');

ensureNative();
buildIfStale();

// Camera snapshots and video streams are rendered by ffmpeg; without it the console still runs and says 'no signal'.
const ffmpeg = spawnSync('bash', [path.join(root, 'scripts/ensure-ffmpeg.sh')], { stdio: 'inherit' });
if (ffmpeg.status !== 0) console.warn('ffmpeg could not be installed: photos and video will show no signal.');

const server = spawn('npx', ['tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
