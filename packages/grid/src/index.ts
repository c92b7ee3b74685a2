export { gridRequest, gridPath, GridReplyError, GridUnreachable } from './http';
export { parseGridStatus, readGridStatus, readGridSessionsByNode, sessionsByNode, type GridStatus, type GridNodeStatus, type GridSlots } from './status';
