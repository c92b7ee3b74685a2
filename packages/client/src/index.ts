export * from './stdio';
export { createProvider, type CreateProviderOptions } from './in-process';
