// Starts a TypeScript module in a worker thread: a worker does not inherit the tsx loader the server runs under, so it
// registers tsx itself, then imports the module named in its workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
