// Test layers as Vitest projects; `npm test` runs them all, `.ci/run` counts them from the JSON report.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Formatters render local wall-clock time; the console's users are in China, so the tests pin that zone.
process.env.TZ = 'Asia/Shanghai';
// New password hashes at scrypt's N=2^14 instead of 2^17 (server/auth/passwords.ts): hundreds of logins and password
// changes run here, each a full hash. Workers and the servers they spawn inherit it.
process.env.SCRYPT_COST ??= '14';

// A server test's setup may be the run's first to ask for the seeded fleet (tests/helpers/seeded-fleet.ts) and then
// simulates 30 days of 80 trucks while the other worker runs: about 20 s on a quiet 2-core machine, over a minute on
// a busy one. The limit is there to catch a hung setup, not to time the seeding.
const SERVER_HOOK_TIMEOUT_MS = 180_000;

/** Both languages' texts for `translate` (the console loads one at a time; tests format in either). */
const LOCALE_SETUP = 'tests/helpers/locale-setup.ts';

// `isolate: false`: the layer's files share one module graph per worker instead of importing their modules afresh each,
// which was most of a pure layer's time. Only for layers whose files keep no state outside what they create; the
// worker layer's files install fake globals (IndexedDB, sockets, locks) per file, so it stays isolated.
const nodeLayer = (name: string, isolate = true) => ({
  // 30 s, not Vitest's 5 s: the limit is there to catch a hang; a CPU-bound file (10,000 random frames) took over 5 s
  // with the machine's load at 11.
  test: { name, include: [`tests/${name}/**/*.test.ts`], environment: 'node' as const, isolate, setupFiles: [LOCALE_SETUP], testTimeout: 30_000 },
});

/**
 * The server tests' files that need a process of their own: those that replace a module with `vi.mock` (ffmpeg absent,
 * a renderer that fails), since a mock in a shared module graph would reach every later file of the same worker, and
 * one that measures the process's peak memory, which in a shared process is every earlier file's peak.
 */
const ISOLATED_SERVER_FILES = [
  'tests/server/video/ffmpeg-missing.test.ts',
  'tests/server/photos/photo-render.test.ts',
  'tests/server/exports/export-worker-memory.test.ts',
];
const SERVER_FILES = ['tests/server/**/*.test.ts'];

/**
 * A server layer. Without isolation the server's modules are imported once per worker rather than once per file: each
 * file starts its own servers and databases and stops them, and keeps no state in a module. The files that need a
 * process of their own are in layers of their own, isolated.
 */
const serverLayer = (name: string, globalSetup: string[], include: string[], isolate: boolean) => ({
  test: {
    name,
    include,
    exclude: include === SERVER_FILES ? ISOLATED_SERVER_FILES : [],
    environment: 'node' as const,
    isolate,
    setupFiles: [LOCALE_SETUP],
    // The limit catches a hang: a walk of the 437 routes took 20 s with the machine's load at 20.
    testTimeout: 60_000,
    hookTimeout: SERVER_HOOK_TIMEOUT_MS,
    globalSetup,
  },
});

/** The console's tests that replace a module with `vi.mock`: in a shared module graph the mock would miss a module an
 * earlier file imported, and reach every later file. */
const ISOLATED_UI_FILES = [
  'tests/ui/monitor/indicators/indicator-screen.test.tsx',
  'tests/ui/monitor/photos/photos-screen-plates.test.tsx',
  'tests/ui/report/trend-chart.test.tsx',
];
const UI_FILES = ['tests/ui/**/*.test.{ts,tsx}'];

/** A console layer in happy-dom. Without isolation a worker imports React, the console and happy-dom once, not per file. */
const uiLayer = (name: string, include: string[], isolate: boolean) => ({
  plugins: [react()],
  test: {
    name,
    include,
    exclude: include === UI_FILES ? ISOLATED_UI_FILES : [],
    environment: 'happy-dom' as const,
    isolate,
    setupFiles: [LOCALE_SETUP, 'tests/helpers/ui-setup.ts'],
    testTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    passWithNoTests: true,
    // Vitest's default on this 2-core machine is one worker. Most files wait on sockets, timers and child processes
    // (servers, PostgreSQL, Redis, Chromium), so two run side by side in about two thirds of the time.
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }], './tests/helpers/layer-times-reporter.ts'],
    projects: [
      nodeLayer('domain', false),
      nodeLayer('streams', false),
      nodeLayer('machines', false),
      nodeLayer('workers'),
      serverLayer('server', ['tests/helpers/seed-cache-setup.ts'], SERVER_FILES, false),
      serverLayer('server-isolated', ['tests/helpers/seed-cache-setup.ts'], ISOLATED_SERVER_FILES, true),
      // The same tests on PostgreSQL: a throwaway cluster for the run, a fresh database per server (test-database.ts).
      serverLayer('server-pg', ['tests/helpers/postgres-setup.ts', 'tests/helpers/seed-cache-setup.ts'], SERVER_FILES, false),
      serverLayer('server-pg-isolated', ['tests/helpers/postgres-setup.ts', 'tests/helpers/seed-cache-setup.ts'], ISOLATED_SERVER_FILES, true),
      {
        // The deployment of `npm run cluster`: PostgreSQL, Redis, nginx and two server processes, started per file.
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          setupFiles: [LOCALE_SETUP],
          expect: { poll: { timeout: 10_000 } },
        },
      },
      uiLayer('ui', UI_FILES, false),
      uiLayer('ui-isolated', ISOLATED_UI_FILES, true),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/seed-cache-setup.ts'],
          setupFiles: [LOCALE_SETUP, 'tests/helpers/e2e-failure-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and browser: two run side by side (41 files took 1214 s in 618 s of wall
          // time), which also shows a test that only passes on an idle machine.
          fileParallelism: true,
          // No file replaces a module, so a worker imports the server, Playwright and the fixtures once, not per file.
          isolate: false,
          // A browser, a worker and a server between cause and effect: 1 s (the default) is too short on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
