// `@browser-provider/core`: the server (Dispatcher, Provider, Engines, transports). An engine adapter
// imports `@browser-provider/core/backend` (what it implements) and `@browser-provider/core/toolkit`
// (what it reuses); both are re-exported here too, so code written against this entry keeps working.
export * from './backend';
export * from './toolkit';
export { Dispatcher } from './dispatch/dispatcher';
export type { MethodRegistry } from './state/registry';
export type { MethodRow } from './dispatch/call-context';
export { Provider, type ProviderOptions } from './provider';
export { serveStdio, MAX_LINE_BYTES } from './transport/stdio';
export { LineSplitter } from './transport/lines';
export { leadingId } from './transport/leading-id';
export { runStdioServer, serveUntilStopped, type StopSteps } from './server';
export { createProviderServer, type ProviderServer, type ProviderServerOptions } from './provider-server';
export { Engines, type EnginesOptions } from './state/engines';
export { RecyclingBackend, withRecycling, type RecyclePolicy } from './state/recycle';
export { parseParams } from './dispatch/validate';
export { callerGlob, callerRegex, callerUrlGlob, PatternError } from './ops/pattern';
export { cut, LIMITS, pageInfoCut, PROVIDER_DEFAULTS } from './state/limits';
export { describe as describeProvider, PROVIDER_VERSION } from './dispatch/describe';
export { CATALOG, catalogEntry, CORE_CAUSES, repairOf, type CauseInfo, type ErrorEntry, type McpCall, type McpRepair, type WireError } from './catalog/causes';
export { clickAt, hoverAt, pressKeys, typeText, type ClickReportFn } from './ops/gesture';
export { eventHub, EVENT_NAMES, type EventName } from './ops/events';
export { videoPathOf, type VideoPath } from './ops/video';
