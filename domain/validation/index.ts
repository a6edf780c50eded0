// The validation rules' public surface: each returns the locale key of the problem or undefined.
export * from './rule';
export * from './common';
export * from './password';
export * from './identity';
export * from './id-card';
export * from './upload';
export * from './query-range';
