import type { RouteView } from '@browser-provider/protocol';
import type { Backend, BackendSession, RouteAnswer } from '../backend';
import type { PageHandle } from './page';
import { JobBook } from './jobs';
import type { ProfileLock } from './profiles';
import { SerialQueue } from '../toolkit/queue';
import { RefRegistry } from './refs';
import { pageNotFound, noPage } from '../catalog/repair';

export interface SessionInit {
  id: string;
  clientSessionId: string | undefined;
  backend: BackendSession;
  isolation: 'per_jcode_session' | 'shared';
  metadata: Record<string, unknown> | undefined;
  profile?: SessionProfile | undefined;
  /** The engine the session runs on (one of the provider's). */
  engine?: Backend;
}

/** The persistent profile a session holds, with its lock (released when the session ends). */
export interface SessionProfile {
  name: string;
  path: string;
  created: boolean;
  lock: ProfileLock;
}

/** A `route.add` route; ops/routes.ts matches held requests against the session's, newest first. */
export interface SessionRoute {
  view: RouteView;
  matches: (url: string) => boolean;
  answer: RouteAnswer;
}

/**
 * The abort reason of a session's calls when the session closes: the dispatcher answers each of them
 * at once, the way a later call on the session is answered (`session_not_found` / `session_closed`).
 */
export class SessionClosed extends Error {
  constructor(
    readonly sessionId: string,
    readonly why: string,
  ) {
    super(`session ${sessionId} closed (${why})`);
    this.name = 'SessionClosed';
  }
}

/**
 * A provider session: its pages, its refs, and the queue that runs its calls in arrival order.
 * Calls of different sessions run concurrently; calls of one session never overlap.
 */
export class Session {
  readonly id: string;
  readonly clientSessionId: string | undefined;
  readonly backend: BackendSession;
  readonly isolation: 'per_jcode_session' | 'shared';
  readonly metadata: Record<string, unknown> | undefined;
  readonly profile: SessionProfile | undefined;
  readonly engine: Backend | undefined;
  readonly pages = new Map<string, PageHandle>();
  /** Why each closed page closed, so a late call on it explains itself. */
  readonly closedPages = new Map<string, string>();
  readonly refs = new RefRegistry();
  readonly queue = new SerialQueue();
  readonly jobs = new JobBook();
  /** Its routes, newest first (`route.*`); the backend holds its requests while there is one. */
  routes: SessionRoute[] = [];
  /** Warnings for the session's next successful response (dialogs answered, popups adopted). */
  readonly pendingWarnings: string[] = [];
  /** Downloads already answered by a `download.wait` without an id, so the next one waits for a new one. */
  readonly deliveredDownloads = new Set<string>();
  /** Whether core listens to the backend session's events (wired once, by session.ensure). */
  eventsWired = false;
  /** When the session last received a call (for idle expiry). */
  lastUsed = Date.now();
  currentPageId: string | undefined;
  closedReason: string | undefined;
  /** Set when the session starts closing; settles once it is closed (Provider.closeSession). */
  closing: Promise<void> | undefined;
  readonly #ended = new AbortController();

  constructor(init: SessionInit) {
    this.id = init.id;
    this.clientSessionId = init.clientSessionId;
    this.backend = init.backend;
    this.isolation = init.isolation;
    this.metadata = init.metadata;
    this.profile = init.profile;
    this.engine = init.engine;
  }

  /**
   * Aborts when the session closes, with a `SessionClosed` reason. Every call of the session but the
   * close itself listens to it, so a close stops the calls running and queued in the session.
   */
  get signal(): AbortSignal {
    return this.#ended.signal;
  }

  /** Marks the session closed for `why` and aborts its calls, running and queued. */
  end(why: string): void {
    this.closedReason ??= why;
    if (!this.#ended.signal.aborted) this.#ended.abort(new SessionClosed(this.id, this.closedReason));
  }

  addPage(page: PageHandle): void {
    this.pages.set(page.id, page);
    this.currentPageId = page.id;
  }

  /** The page named by `pageId`, or the current page. */
  page(pageId: string | undefined): PageHandle {
    const id = pageId ?? this.currentPageId;
    if (id === undefined) throw noPage(this.id);
    const page = this.pages.get(id);
    if (page === undefined) throw pageNotFound(this.id, id, this.closedPages.get(id));
    return page;
  }

  removePage(page: PageHandle, reason: string): void {
    page.closedReason = reason;
    this.pages.delete(page.id);
    this.closedPages.set(page.id, reason);
    this.refs.dropPage(page.id);
    if (this.currentPageId === page.id) this.currentPageId = [...this.pages.keys()].at(-1);
  }
}
