export * from './stdio';
export { createProvider, type BackendFactory, type CreateProviderOptions } from './in-process';
