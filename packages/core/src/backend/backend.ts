import type { MediaOverrides, ScreenshotFormat } from '@browser-provider/protocol';
import type { OpArgs, OpName, OpResult } from '@browser-provider/page-script';
import type { InputSource } from './input';

/**
 * The narrow interface every engine implements. Core never names a browser: where engines differ,
 * core asks through this interface. All methods honour `signal` (abort = give up, reject promptly).
 * Errors are thrown as ProviderError with a protocol code; each backend translates its driver's
 * errors in one module.
 *
 * Ownership: Backend → BackendSession → BackendPage. Closing a parent closes its children. This file
 * has the page and what it answers; session.ts the session, engine.ts the backend itself.
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

/** What `page.screenshot` asks a page for: a region, and the image format (PNG unless said). */
export interface ScreenshotOptions {
  fullPage?: boolean;
  clip?: Rect;
  /** Only a format the backend lists in `screenshotFormats()`; core refuses others before this. */
  format?: ScreenshotFormat;
  /** JPEG quality, 0–100; the engine's default when absent. */
  quality?: number;
}

export interface Screenshot {
  /** The image in the asked-for format (PNG by default), base64. */
  data: string;
  width: number;
  height: number;
}

/** What the page saw of an input, as far as a navigation of the top-level document goes. */
export type NavigationHint = 'started' | 'none' | 'unknown';

/**
 * What one input did to the top-level document, watched from before the input was sent (a browser
 * may report a navigation before it answers the input). Core makes one per input that may navigate,
 * sends the input, asks the page what it saw, then settles and disposes it.
 */
export interface NavigationWatch {
  /**
   * Waits for a navigation the input started, as long as `hint` allows: `none` (the page saw none
   * start) spares the grace period, `started` waits for it, `unknown` keeps the engine's grace. Then
   * until it committed. Resolves whether a new top-level document replaced the old one.
   */
  settle(hint: NavigationHint, signal: AbortSignal): Promise<boolean>;
  dispose(): void;
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
   * Raw trusted input: W3C action sequences (pointer, wheel, key sources that core built, see
   * w3c/pointer.ts) at points of the top-level viewport, dispatched as one Perform Actions (BiDi
   * `input.performActions`, classic §17.5). With `hold`, whatever is still pressed afterwards stays
   * pressed for the next call (a drag in parts), and sources that end with everything up are not
   * followed by a release; otherwise, and after any failure, it is released. No navigation wait:
   * core watches with watchNavigation. Core composes every gesture on this (gesture.ts); an engine
   * whose input departs from the standard applies its named quirks here.
   */
  input(sources: readonly InputSource[], signal: AbortSignal, opts?: { hold?: boolean }): Promise<void>;
  /** Starts watching the top-level document for what the next input does to it (see NavigationWatch). */
  watchNavigation(signal: AbortSignal): Promise<NavigationWatch>;
  /**
   * Optional: core may send a page call (a click's report) together with `input` rather than after
   * it, where the engine runs the two side by side at no cost. Absent: one command at a time.
   */
  readonly reportAlongsideInput?: boolean;

  /**
   * PNG of the viewport, or of `clip` in document coordinates when given. `fullPage` captures the whole
   * document. The backend may stitch where the driver cannot capture beyond the viewport.
   */
  screenshot(opts: ScreenshotOptions, signal: AbortSignal): Promise<Screenshot>;

  close(signal: AbortSignal): Promise<void>;

  /**
   * Optional (the engine's `screencast()` says): the engine paints the viewport to `onFrame` as JPEG,
   * base64, whenever it changes, until `stop`. For the MCP server's video.
   */
  screencast?(onFrame: (jpeg: string) => void, signal: AbortSignal): Promise<{ stop(): Promise<void> }>;

  /** Optional: bring the page to the front (BiDi browsingContext.activate, classic switch to window). */
  activate?(signal: AbortSignal): Promise<void>;

  // Optional members behind the draft's optional methods. An engine without one simply does not list
  // the method in `optionalMethods()`; core never calls a member the engine lacks.

  /**
   * `page.go_back` (-1) / `page.go_forward` (+1): traverse the session history and wait for the given
   * readiness. Nothing to traverse to → ProviderError `invalid_request` / `no_history_entry`.
   */
  history?(delta: -1 | 1, waitUntil: 'load' | 'domcontentloaded', signal: AbortSignal): Promise<void>;
  /** `page.reload`. */
  reload?(waitUntil: 'load' | 'domcontentloaded', signal: AbortSignal): Promise<void>;
  /**
   * `page.eval`: calls `functionDeclaration` (a complete JS function source that core builds) with no
   * arguments in the top-level document, awaiting a returned promise, and returns its JSON value.
   */
  evaluate?(functionDeclaration: string, signal: AbortSignal): Promise<unknown>;
  /**
   * `console.list`: the page's recent console entries, oldest first (a bounded buffer); with
   * `sinceNavigation`, only those its current document logged (from the commit of its last navigation).
   */
  consoleEntries?(sinceNavigation?: boolean): ConsoleEntry[];
  /** `network.list`: the page's recent requests, oldest first (a bounded buffer). */
  networkEntries?(): NetworkEntry[];
  /** `cookie.list`: the cookies this page's session can see (all of its jar where the engine allows). */
  cookies?(signal: AbortSignal): Promise<CookieInfo[]>;
  /**
   * `cookie.set`: adds or replaces each cookie in the session's jar. Core has filled in domain and path
   * (from the page's URL where absent). An engine that can set only the current document's cookies
   * refuses another domain with `unsupported_target` / `cookie_domain`.
   */
  setCookies?(cookies: CookieSet[], signal: AbortSignal): Promise<void>;
  /** `cookie.delete`: removes the cookies with these names, domains and paths (as `cookies()` listed them). */
  deleteCookies?(cookies: ReadonlyArray<Pick<CookieInfo, 'name' | 'domain' | 'path'>>, signal: AbortSignal): Promise<void>;
  /** `page.set_viewport`: makes the top-level viewport width × height CSS pixels. */
  setViewport?(width: number, height: number, signal: AbortSignal): Promise<void>;
  /** `upload.set_files`: sets the files of file input `id` (page-script id) of document `doc` in `frame`. */
  setFiles?(frame: FrameKey, doc: string, id: number, paths: string[], signal: AbortSignal): Promise<void>;
  /**
   * `page.emulate_media`: makes `overrides` the page's whole media emulation (a feature absent is the
   * browser's own again). Core passes only features the backend's `mediaFeatures()` lists.
   */
  emulateMedia?(overrides: MediaOverrides, signal: AbortSignal): Promise<void>;
  /** `network.request`: what the page's record keeps of one request (undefined: not recorded, or dropped from the buffer). */
  networkDetail?(requestId: string): NetworkDetail | undefined;
  /** `network.request` bodies: the bytes the browser kept of one request's or response's body; undefined when it kept none. */
  networkBody?(requestId: string, which: 'request' | 'response', signal: AbortSignal): Promise<NetworkBody | undefined>;
  /** `page.pdf`: the page printed to a PDF, base64. */
  pdf?(opts: PdfOptions, signal: AbortSignal): Promise<string>;
}

export interface NetworkHeader {
  name: string;
  value: string;
}

/** One recorded request with its headers, as the page's network record keeps them (values already capped). */
export interface NetworkDetail extends NetworkEntry {
  request_headers: NetworkHeader[];
  /** Absent until the response's headers arrived. */
  response_headers?: NetworkHeader[];
  /** How many headers the browser reported, where the record kept fewer (a page chooses how many it sends). */
  request_header_count?: number;
  response_header_count?: number;
}

/** A body as the browser kept it: text when it gave a string, else base64. */
export type NetworkBody = { text: string } | { base64: string };

export interface PdfOptions {
  landscape?: boolean;
  printBackground?: boolean;
  scale?: number;
}

export interface ConsoleEntry {
  level: string;
  text: string;
  /** ms since the epoch. */
  timestamp: number;
  /** `console` (a console.* call) or `javascript` (an uncaught error). */
  source?: string;
}

export interface NetworkEntry {
  request_id: string;
  method: string;
  url: string;
  status?: number;
  resource_type?: string;
  started_at: number;
  duration_ms?: number;
  failed?: boolean;
}

export interface CookieInfo {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires?: number;
  http_only: boolean;
  secure: boolean;
  same_site?: string;
}

/** A cookie as `cookie.set` hands it to the backend: domain and path decided. */
export interface CookieSet {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires?: number;
  http_only?: boolean;
  secure?: boolean;
  same_site?: 'Strict' | 'Lax' | 'None';
}
