// A Vitest reporter that keeps each layer's (project's) time for .ci/run to print: wall time from its first file's
// start to its last file's end, and the files' own time in sum (more than the wall time when files run side by side).
// Written to reports/layer-times.json, with when the run started, so the time before Vitest (lint, build) shows too.
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface LayerTime {
  first: number;
  last: number;
  files: number;
  fileMs: number;
}

interface LayerTimes {
  readonly runStartedAt: number;
  readonly runEndedAt: number;
  readonly layers: Readonly<Record<string, LayerTime>>;
}

const LAYER_TIMES_FILE = 'reports/layer-times.json';

export default class LayerTimesReporter implements Reporter {
  private runStartedAt = Date.now();
  private readonly layers = new Map<string, LayerTime>();

  onTestRunStart(): void {
    this.runStartedAt = Date.now();
  }

  onTestModuleStart(testModule: TestModule): void {
    const name = testModule.project.name;
    const now = Date.now();
    const layer = this.layers.get(name);
    if (layer) layer.first = Math.min(layer.first, now);
    else this.layers.set(name, { first: now, last: now, files: 0, fileMs: 0 });
  }

  onTestModuleEnd(testModule: TestModule): void {
    const layer = this.layers.get(testModule.project.name);
    if (!layer) return;
    const { duration, collectDuration, setupDuration, environmentSetupDuration, prepareDuration } = testModule.diagnostic();
    layer.last = Math.max(layer.last, Date.now());
    layer.files += 1;
    layer.fileMs += duration + collectDuration + setupDuration + environmentSetupDuration + prepareDuration;
  }

  onTestRunEnd(): void {
    const times: LayerTimes = { runStartedAt: this.runStartedAt, runEndedAt: Date.now(), layers: Object.fromEntries(this.layers) };
    fs.mkdirSync(path.dirname(LAYER_TIMES_FILE), { recursive: true });
    fs.writeFileSync(LAYER_TIMES_FILE, `${JSON.stringify(times, null, 2)}\n`);
  }
}
