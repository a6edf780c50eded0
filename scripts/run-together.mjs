// Runs npm scripts side by side and fails if any fails: the checks before the tests (lint, typecheck) are each
// single-threaded, so on a 2-core machine two of them take the time of the longer one. Each script's output is
// printed whole when it ends, so two never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script>...');
  process.exit(2);
}

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
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
