export { gridRequest, gridPath, GridReplyError, GridUnreachable } from './http';
export { parseGridStatus, readGridStatus, readGridSessionsByNode, sessionsByNode, type GridStatus, type GridNodeStatus, type GridSlots } from './status';
export { gridProviderStatus } from './status-provider';
export { newGridSession, deleteGridSession, classifyNewSession, gridUnreachable, type GridSession } from './new-session';
export { checkWebSocketUrl, webSocketUnreachable } from './websocket';
export { GridBidiBackend, GRID_UNSUPPORTED_FEATURES, GRID_UNSUPPORTED_METHODS, type GridBidiEngine, type GridBackendOptions } from './bidi-backend';
export { GridClassicBackend, type GridClassicEngine } from './classic-backend';
export { GridClassicLauncher } from './classic-launcher';
