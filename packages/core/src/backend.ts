import type { Feature, MethodName, ProviderStatus } from '@browser-provider/protocol';
import type { OpArgs, OpName, OpResult } from '@browser-provider/page-script';
import type { CustomMethod } from './custom-method';

/**
 * The narrow interface every engine implements. Core never names a browser: where engines differ,
 * core asks through this interface. All methods honour `signal` (abort = give up, reject promptly).
 * Errors are thrown as ProviderError with a protocol code; each backend translates its driver's
 * errors in one module.
 *
 * Ownership: Backend → BackendSession → BackendPage. Closing a parent closes its children.
 */

export type FrameKey = string;

export interface ViewportPoint {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Screenshot {
  /** PNG, base64. */
  data: string;
  width: number;
  height: number;
}

export interface BackendPage {
  /** The browser's own id for the page (BiDi context id, WebDriver window handle), for logs. */
  readonly targetId: string;
  /** Frame key of the top-level document. */
  readonly mainFrame: FrameKey;

  /** Navigate and wait for the given readiness. `none` returns once the navigation is committed. */
  navigate(url: string, waitUntil: 'load' | 'domcontentloaded' | 'none', signal: AbortSignal): Promise<void>;
  /** URL and title of the top-level document. */
  info(signal: AbortSignal): Promise<{ url: string; title: string }>;

  /**
   * Runs a page-script op in the frame and returns its result. Installs the page script first where the
   * document lacks it. A frame that no longer exists → ProviderError `page_not_found` / `frame_detached`.
   */
  call<K extends OpName>(frame: FrameKey, op: K, args: OpArgs<K>, signal: AbortSignal): Promise<OpResult<K>>;
  /** The frame key of the document shown by iframe element `iframeId` (a page-script local id) of `frame`. */
  childFrame(frame: FrameKey, iframeId: number, signal: AbortSignal): Promise<FrameKey | null>;

  /**
   * Trusted pointer click (move, down, up) at a point of the top-level viewport, in CSS pixels.
   * Resolves after the input was dispatched; when the input started a navigation of the top-level
   * document, waits until it has committed and reports `navigated: true`.
   */
  click(point: ViewportPoint, signal: AbortSignal): Promise<{ navigated: boolean }>;
  /** Trusted pointer move to a point of the top-level viewport. */
  hover(point: ViewportPoint, signal: AbortSignal): Promise<void>;
  /** Trusted key input of `text` into whatever has focus. */
  typeText(text: string, signal: AbortSignal): Promise<void>;
  /** Presses a chord: keys are W3C key values or names (`Enter`, `Control`, `a`), pressed in order and released in reverse. */
  press(keys: string[], signal: AbortSignal): Promise<{ navigated: boolean }>;

  /**
   * PNG of the viewport, or of `clip` in document coordinates when given. `fullPage` captures the whole
   * document. The backend may stitch where the driver cannot capture beyond the viewport.
   */
  screenshot(opts: { fullPage?: boolean; clip?: Rect }, signal: AbortSignal): Promise<Screenshot>;

  close(signal: AbortSignal): Promise<void>;

  /** Optional: bring the page to the front (BiDi browsingContext.activate, classic switch to window). */
  activate?(signal: AbortSignal): Promise<void>;
}

export interface BackendSession {
  /** Whether this session has a cookie jar and storage of its own. */
  readonly isolated: boolean;
  /** Whether it drives a browser the user started (close detaches instead of quitting). */
  readonly attached: boolean;
  newPage(signal: AbortSignal): Promise<BackendPage>;
  close(signal: AbortSignal): Promise<void>;
}

export interface SessionOptions {
  isolation: 'per_jcode_session' | 'shared';
  attach: 'never' | 'prefer' | 'require';
  signal: AbortSignal;
}

export interface BackendInfo {
  /** e.g. `firefox-bidi`. */
  providerId: string;
  providerLabel: string;
  /** e.g. `firefox`, `chrome`, `safari`. */
  family: string;
  browserLabel: string;
  engine: { name: string; automation: string; version?: string };
}

export interface Backend {
  readonly info: BackendInfo;
  /** Real detection: binaries found, versions, whether running; manual steps when something is missing. */
  status(): Promise<ProviderStatus>;
  /** Features that work on this engine (only those). */
  features(): Feature[];
  /** Optional normalized methods that work on this engine (only those). */
  optionalMethods(): MethodName[];
  customMethods(): CustomMethod[];
  /** Whether the browser/driver is currently up. */
  running(): boolean;
  createSession(opts: SessionOptions): Promise<BackendSession>;
  /** Ends every session and every process the backend started. Idempotent. */
  shutdown(): Promise<void>;
}
