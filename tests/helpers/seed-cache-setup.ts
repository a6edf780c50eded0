// Vitest globalSetup of the layers that start servers on a seeded fleet: a directory for this run's seeded databases
// (tests/helpers/seeded-fleet.ts), removed when the run ends so no later run reads history that ends in the past.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => void {
  // One directory for every layer of the run (global setups run in Vitest's own process), so the server and the
  // browser layers seed the same fleet once between them.
  const dir = path.join(os.tmpdir(), `fleet-seeded-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  project.provide('seedCache', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
