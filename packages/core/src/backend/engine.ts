import type { BrowserSetupGuide, ClickButton, Feature, MediaFeature, MethodName, MouseAction, OwnMethodName, ProviderStatus, ScreenshotFormat } from '@browser-provider/protocol';
import type { CustomMethod } from './custom-method';
import type { BackendSession, RouteHeaderLimits, SessionOptions } from './session';

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
   * Optional: the `page.mouse` actions this engine cannot do faithfully (a button it cannot keep
   * pressed across calls, a wheel its WebDriver lacks). Absent: it does them all. describe lists the
   * rest in `method_options["page.mouse"].action`, and a call asking for one of these is refused.
   */
  mouseActionsLacking?(): readonly MouseAction[];
  /**
   * Optional: true where the engine's WebDriver makes HTML5 drag events (dragstart … drop) from pointer
   * input, as Chromium 156's does. Absent or false: `page.drag` dispatches them in the page after the
   * trusted dragstart (Firefox 153 never drops; WebKitGTK 2.50 stops after dragstart).
   */
  nativeDragEvents?(): boolean;
  /** Optional: true where pages have `screencast` (the MCP server's video takes its frames from it). */
  screencast?(): boolean;
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
  /** Optional, with `route.*`: the request headers a route cannot change here. Absent: none beyond what the schema refuses. */
  routeHeaderLimits?(): RouteHeaderLimits;
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
