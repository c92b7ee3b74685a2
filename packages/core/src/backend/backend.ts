import type { BrowserSetupGuide, ClickButton, EventName, Feature, MediaFeature, MediaOverrides, MethodName, OwnMethodName, ProviderStatus, ScreenshotFormat } from '@browser-provider/protocol';
import type { OpArgs, OpName, OpResult } from '@browser-provider/page-script';
import type { CustomMethod } from './custom-method';
import type { InputSource } from './input';
import type { DialogAnswers, SessionFolder } from './session-aids';

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

export interface DialogReport {
  /** `dialog`: the engine cannot tell which kind (classic WebDriver only gives the text). */
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload' | 'dialog';
  message: string;
  default_value?: string;
  /** What was done with it. */
  accepted: boolean;
  prompt_text?: string;
}

export interface DownloadRecord {
  download_id: string;
  url: string;
  suggested_filename: string;
  state: 'in_progress' | 'completed' | 'canceled' | 'failed';
  path?: string;
  size?: number;
  /** Why it failed, when it did (e.g. `path_escape`, `too_large`). */
  reason?: string;
}

/** What a backend tells core about without being asked. */
export type BackendEvent =
  /** The page opened another top-level page (window.open, target=_blank); the session now owns it. */
  | { type: 'popup'; page: BackendPage; opener: BackendPage | undefined }
  /** A JavaScript dialog was answered by the session's policy. */
  | { type: 'dialog'; page: BackendPage | undefined; dialog: DialogReport }
  /** The top-level document of a page changed. */
  | { type: 'navigated'; page: BackendPage; url: string }
  | { type: 'console'; page: BackendPage; entry: ConsoleEntry }
  /** A download finished (completed, failed or canceled). */
  | { type: 'download'; page: BackendPage | undefined; download: DownloadRecord };

export type BackendEventType = BackendEvent['type'];

/** A request held for `route.*`, as the backend saw it. */
export interface RoutedRequest {
  url: string;
  method: string;
}

/** What a held request gets: a stub response, a network error, or sent on with headers changed. */
export type RouteAnswer =
  | { action: 'fulfill'; status: number; headers: ReadonlyArray<readonly [string, string]>; body: string }
  | { action: 'fail' }
  | { action: 'continue'; set: Readonly<Record<string, string>>; remove: readonly string[] };

/** Core's decision for one held request; `undefined` lets it through unchanged. Synchronous: it must not hold the request. */
export type RouteDecider = (request: RoutedRequest) => RouteAnswer | undefined;

export interface BackendSession {
  /** Whether this session has a cookie jar and storage of its own. */
  readonly isolated: boolean;
  /** Whether it drives a browser the user started (close detaches instead of quitting). */
  readonly attached: boolean;
  newPage(signal: AbortSignal): Promise<BackendPage>;
  close(signal: AbortSignal): Promise<void>;

  /** Optional: where core's listener for BackendEvents goes (one listener; a later call replaces it). */
  onEvent?(listener: (e: BackendEvent) => void): void;
  /** The BackendEvent types this session can report (so `events.subscribe` can say what it will get). */
  readonly eventTypes?: readonly BackendEventType[];
  /** Optional: how JavaScript dialogs are answered (present on engines that answer them). */
  readonly dialogPolicy?: DialogAnswers;
  /** The protocol events this session asked for with `events.subscribe`; core sets it, backends leave it alone. */
  subscribedEvents?: ReadonlySet<EventName>;
  /** Optional: a private directory removed with the session (inline uploads, downloads). */
  readonly scratch?: SessionFolder;
  /** Optional: `download.list` / `download.wait`, oldest first. */
  downloads?(): DownloadRecord[];
  /**
   * Optional: settles once the session has ended, by close or because its browser went away. Core
   * waits on it to free a persistent profile whose browser died.
   */
  readonly ended?: Promise<void>;
  /**
   * Optional: true once the browser behind the session went away on its own (crashed, its Grid node
   * died). `session.ensure` for the same client then opens a new session instead of returning this one.
   */
  readonly gone?: boolean;
  /**
   * Optional, where the browser runs on another machine (a Grid node): copies these local files to
   * where the browser can read them and answers the paths there, in order. `upload.set_files` then
   * gives the input those paths.
   */
  stageFiles?: (paths: string[], signal: AbortSignal) => Promise<string[]>;
  /**
   * Optional (`route.*`, where `ownMethods()` lists them): while `decide` is set, every request of this
   * session's pages — and only theirs — is held until `decide` has answered it; `undefined` stops
   * holding. Whatever the session set up for it is removed when the session closes.
   */
  setRouting?(decide: RouteDecider | undefined, signal: AbortSignal): Promise<void>;
  /** Optional (`network.set_offline`): this session's pages lose (or regain) the network; other sessions keep theirs. */
  setOffline?(offline: boolean, signal: AbortSignal): Promise<void>;
}

export interface SessionOptions {
  isolation: 'per_jcode_session' | 'shared';
  attach: 'never' | 'prefer' | 'require';
  signal: AbortSignal;
  /**
   * A persistent profile (only passed to engines that list `persistent_profile`): the session keeps
   * its cookies and storage in `dir`, which it must leave in place when it closes. Core has made the
   * directory and holds its lock; closing the session must have released the browser's hold on it.
   */
  profile?: { name: string; dir: string };
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
  /**
   * Optional: `provider.setup_guide` for this engine, computed from this host (what to install and how,
   * each step marked done or not). Absent: core derives a guide from `status()`'s manual steps.
   */
  setupGuide?(): Promise<BrowserSetupGuide>;
  /** Features that work on this engine (only those). */
  features(): Feature[];
  /** Optional normalized methods that work on this engine (only those). */
  optionalMethods(): MethodName[];
  /**
   * Optional: the mouse buttons `page.click` presses faithfully here. Absent: `left` only. A backend
   * lists another button once real-browser tests show the engine presses and releases that button
   * (WebKitGTK 2.50's WebDriver releases every button as the left one: a stray click). Click counts and
   * modifiers need no entry: every engine here does them.
   */
  clickButtons?(): readonly ClickButton[];
  /**
   * Optional: true where the engine's WebDriver makes HTML5 drag events (dragstart … drop) from pointer
   * input, as Chromium 156's does. Absent or false: `page.drag` dispatches them in the page after the
   * trusted dragstart (Firefox 153 never drops; WebKitGTK 2.50 stops after dragstart).
   */
  nativeDragEvents?(): boolean;
  /** Optional: the image formats `page.screenshot` captures here. Absent: `png` only (no re-encoding). */
  screenshotFormats?(): readonly ScreenshotFormat[];
  /** Optional: the features `page.emulate_media` emulates here (only engines that list the method). Absent: none. */
  mediaFeatures?(): readonly MediaFeature[];
  /**
   * The engine's namespaced methods (`firefox.*`, `cdp.send`, …), read once when the provider starts.
   * Core's own (`jobs.*`, `events.subscribe`, `dialog.handle`, …) are offered on every engine without listing.
   */
  customMethods(): CustomMethod[];
  /** Optional: those of core's per-engine methods (`route.*`, `network.set_offline`) this engine's sessions answer. */
  ownMethods?(): readonly OwnMethodName[];
  /** Whether the browser/driver is currently up. */
  running(): boolean;
  /**
   * Optional: the process-group leaders of everything the backend runs now (browsers, drivers, helpers),
   * so core can weigh its memory (RecyclingBackend). Absent: its memory is not known.
   */
  processGroups?(): number[];
  createSession(opts: SessionOptions): Promise<BackendSession>;
  /** Ends every session and every process the backend started. Idempotent. */
  shutdown(): Promise<void>;
}
