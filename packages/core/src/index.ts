// `@browser-provider/core`: the server (Dispatcher, Provider, Engines, transports). An engine adapter
// imports `@browser-provider/core/backend` (what it implements) and `@browser-provider/core/toolkit`
// (what it reuses); both are re-exported here too, so code written against this entry keeps working.
export * from './backend';
export * from './toolkit';
export { Dispatcher } from './dispatcher';
export type { MethodRegistry } from './registry';
export type { MethodRow } from './call-context';
export { Provider, type ProviderOptions } from './provider';
export { serveStdio, MAX_LINE_BYTES } from './transport/stdio';
export { LineSplitter } from './transport/lines';
export { leadingId } from './transport/leading-id';
export { runStdioServer, serveUntilStopped, type StopSteps } from './server';
export { createProviderServer, type ProviderServer, type ProviderServerOptions } from './provider-server';
export { Engines, type EnginesOptions } from './engines';
export { RecyclingBackend, withRecycling, type RecyclePolicy } from './recycle';
export { parseParams } from './validate';
export { callerGlob, callerRegex, callerUrlGlob, PatternError } from './pattern';
export { cut, LIMITS, pageInfoCut, PROVIDER_DEFAULTS } from './limits';
export { describe as describeProvider, PROVIDER_VERSION } from './describe';
export { CATALOG, catalogEntry, CORE_CAUSES, repairOf, type CauseInfo, type ErrorEntry, type McpCall, type McpRepair, type WireError } from './causes';
export { clickAt, hoverAt, pressKeys, typeText, type ClickReportFn } from './gesture';
export { eventHub, EVENT_NAMES, type EventName } from './ops/events';
export { videoPathOf, type VideoPath } from './ops/video';
