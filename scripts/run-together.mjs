// Runs npm scripts side by side and fails if any fails: the checks before the tests (lint, typecheck) are each
// single-threaded, so on a 2-core machine two of them take the time of the longer one. Each script's output is
// printed whole when it ends, so two never interleave. Scripts after `--niced` run at a lower priority: the ones before
// it are the long poles (a native compile on one core) and should not wait behind work that can fill the other core.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const nicedFrom = args.includes('--niced') ? args.indexOf('--niced') : args.length;
const scripts = args.filter((arg) => arg !== '--niced').map((script, index) => ({ script, niced: index >= nicedFrom }));
if (scripts.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script>... [--niced <npm script>...]');
  process.exit(2);
}

function run({ script, niced }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const command = niced ? ['nice', '-n', '10', 'npm', 'run', '-s', script] : ['npm', 'run', '-s', script];
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const text = Buffer.concat(output).toString('utf8');
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`> ${script}: ${code === 0 ? 'ok' : `failed (${signal ?? code})`} in ${seconds} s\n${text}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
