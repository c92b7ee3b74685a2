export { ClassicBackend, createClassicBackend, type ClassicBackendOptions } from './backend';
export { STANDARD_INPUT, type ClassicQuirks } from './quirks';
export type { ClassicLauncher, DriverEndpoint } from './launcher';
export { DriverConnection } from './connection';
export { ClassicPage } from './page';
export { ClassicSession } from './session';
export {
  TRANSPORT_ERROR_TABLE,
  DRIVER_EXITED_RULE,
  translateWebDriverError,
  driverExited,
  type ClassicErrorRule,
} from './errors';
export { WireError, wireRequest, wireNewSession, waitForDriver, wireBase, type WireMethod, type WireTarget } from './wire';
/** Kept for packages that took the process owner from here; it lives in core's host module. */
export { spawnOwned, freeLoopbackPort, type OwnedProcess } from '@browser-provider/core/host';
export { decodePng, encodePng, crop, blit, blankImage, type RgbaImage } from './png';
export { TOP_FRAME, encodeFrameKey, decodeFrameKey, childFrameKey } from './frames';
/** Test support: a minimal stand-in page script (the real one is @browser-provider/page-script). */
export { standInPageScript } from './testing/stand-in';
export type { OpName } from '@browser-provider/page-script';
/** Test support: reads the `snapshot` op's answer (core does the same). */
export { decodeFrameSnapshot } from '@browser-provider/page-script';
