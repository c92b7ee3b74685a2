import type { EventName } from '@browser-provider/protocol';
import type { BackendPage, ConsoleEntry } from './backend';

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
/** The browser would not give a held request `answer` (the engine's words); the request went on unchanged. */
export type RouteRefused = (answer: RouteAnswer, reason: string) => void;

/**
 * Request headers a route cannot change on an engine, found by trying: setting one is refused by the
 * browser when the request is answered, and removing one does nothing (its network stack writes it after
 * the route). Lower case; a name ending in `*` is a prefix. Core refuses such a route before adding it.
 */
export interface RouteHeaderLimits {
  readonly unsettable: readonly string[];
  readonly unremovable: readonly string[];
}

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
   * holding. Whatever the session set up for it is removed when the session closes. When the browser
   * refuses the answer (a header it will not send), the request goes on unchanged and `refused` says why.
   */
  setRouting?(decide: RouteDecider | undefined, signal: AbortSignal, refused?: RouteRefused): Promise<void>;
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

/*
 * What core asks of the helpers a backend session carries. The toolkit's DialogPolicy and ScratchDir
 * are the implementations every engine here uses; the interface names only what core calls, so a
 * backend need not take them.
 */

/** How one dialog is answered. */
export interface DialogAnswer {
  accept: boolean;
  /** Text typed into a prompt before accepting it. */
  promptText?: string;
}

/** How a session answers JavaScript dialogs: `dialog.handle` arms an answer, the backend asks `decide`. */
export interface DialogAnswers {
  /** Arms `answer` for the next dialog of `pageTarget` (any page when undefined), or for all with `persist`. */
  set(answer: DialogAnswer, opts: { pageTarget?: string | undefined; persist?: boolean | undefined }): void;
  /** The answer for a dialog of `type` on `pageTarget`; consumes a one-shot answer. */
  decide(type: DialogReport['type'], pageTarget: string | undefined): DialogAnswer;
}

/** A session's private folder, removed with the session. */
export interface SessionFolder {
  /** The folder, once made (undefined until the first `dir`). */
  readonly path: string | undefined;
  /** A sub-folder (made if missing), or the folder itself. */
  dir(sub?: string): string;
}
