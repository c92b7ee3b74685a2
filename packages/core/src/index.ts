export * from './errors';
export * from './backend';
export * from './custom-method';
