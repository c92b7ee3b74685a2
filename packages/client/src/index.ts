export { createProvider, type BrowserName, type CreateProviderOptions } from './in-process';
export { connectStdio, spawnProvider, type SpawnProviderOptions, type StdioStreams } from './stream';
export type { CallOptions, CallResult, ParamsOf, ProviderError, TypedProvider } from './types';
