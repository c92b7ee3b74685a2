/**
 * The stream clients alone (spawnProvider, connectStdio): what a harness that talks to a provider
 * over stdio needs, without loading the in-process server (`@browser-provider/core`) at all.
 */
export { connectStdio, type StdioOptions, type StdioStreams } from './stream';
export { DEFAULT_SERVER_NODE_FLAGS, NODE_FLAGS_ENV, SERVER_NODE_FLAGS, serverNodeFlags, spawnProvider, type SpawnProviderOptions } from './spawn';
export { CallAbortedError, CallError, CallTimeoutError, ClientClosedError, ProviderClosedError, ProviderExitedError } from './errors';
export type { ErrorObject } from '@browser-provider/protocol';
export type { CallParams, CallValue, ClientMethodName, ProviderPage, ProviderSession } from './method-types';
export type {
  BrowserName,
  CallOptions,
  CallResult,
  LineObserver,
  ProviderExit,
  SendLineOptions,
  SpawnedProvider,
  StreamProvider,
  TypedProvider,
  WireLine,
} from './types';
