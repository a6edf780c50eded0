// The wire contract between console, worker and server: one import for all of it.
export * from './envelope';
export * from './guards';
export * from './entities';
export * from './login-challenge';
export * from './records';
export * from './query-fields';
export * from './truck-row';
export * from './live-alarm';
export * from './sockets';
export * from './calls';
export * from './recording-lines';
export * from './data-notice';
export * from './entity-notice';
