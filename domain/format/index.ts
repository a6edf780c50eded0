// The formatters' public surface: import from here, not from the single files.
export * from './time';
export * from './zone';
export * from './duration';
export * from './compass';
export * from './number';
export * from './loss';
