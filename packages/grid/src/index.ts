export { gridRequest, gridPath, GridReplyError, GridUnreachable } from './http';
export { parseGridStatus, readGridStatus, readGridSessionsByNode, offersManagedDownloads, readManagedDownloads, sessionsByNode, type GridStatus, type GridNodeStatus, type GridSlots } from './status';
export { gridProviderStatus } from './status-provider';
export { newGridSession, deleteGridSession, classifyNewSession, gridUnreachable, type GridSession } from './new-session';
export { checkWebSocketUrl, webSocketUnreachable } from './websocket';
export { gridBrowserSource, GRID_LABEL, GRID_UNSUPPORTED_FEATURES, type GridBackendOptions } from './bidi-source';
export { gridDownloads, unzipOne, nodeFileName } from './downloads';
export { GridClassicBackend, type GridClassicEngine } from './classic-backend';
export { GridClassicLauncher } from './classic-launcher';
