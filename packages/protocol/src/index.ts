export * from './errors';
export * from './envelope';
export * from './snapshot';
export * from './capabilities';
export * from './methods';
export * from './json-schema';
export * from './png';
