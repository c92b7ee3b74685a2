import { randomUUID } from 'node:crypto';
import type { ParamsOf } from '@browser-provider/protocol';
import type { Backend } from './backend';
import { Engines } from './state/engines';
import { ERRORS, raise } from './catalog';
import type { ProviderError } from './catalog/errors';
import { PROVIDER_DEFAULTS } from './state/limits';
import { PageHandle } from './state/page';
import { acquireProfileLock, defaultProfileRoot, ensureProfileDir, type LockRecord } from './state/profiles';
import { sessionNotFound } from './catalog/repair';
import type { StartStage } from './catalog/flow';
import { Session, type SessionProfile } from './state/session';

export interface ProviderOptions {
  /** The engine a session gets when it names none (with one engine: the engine). */
  backend: Backend;
  /**
   * Every engine this provider fronts, `backend` among them, in the order `describe` lists them;
   * `session.ensure`'s `browser_preference` picks one. Absent: `backend` alone.
   */
  engines?: readonly Backend[];
  /** Other names for families in `browser_preference` (`chromium` → `chrome`); see Engines. */
  familyAliases?: Readonly<Record<string, string>>;
  /** Why `backend` is the default engine, said in `describe` when there are several. */
  defaultEngineReason?: string;
  /** Enables raw protocol passthrough (`bidi.send`, `cdp.send`, `webdriver.send`). */
  allowDebug?: boolean;
  /** Enables `page.eval`. */
  allowEval?: boolean;
  /** Enables installing browser extensions (`firefox.install_extension`): an extension reaches every session. */
  allowExtensions?: boolean;
  /** Directories `upload.set_files` may read files from by path (`--upload-root`); none = paths refused. */
  uploadRoots?: readonly string[];
  defaultTimeoutMs?: number;
  /** Sessions with no call for this long are closed and their pages released. Off when absent. */
  idleTimeoutMs?: number;
  /** Where persistent profiles live (`--profile-root`); else `defaultProfileRoot()`. */
  profileRoot?: string;
  /** At most this many sessions open at once (`--max-sessions`); one more is refused. Default `PROVIDER_DEFAULTS.maxSessions` (16); `Infinity` for no limit. */
  maxSessions?: number;
  /** At most this many pages per session (`--max-tabs`): one more is refused, a popup past it closed. Default `PROVIDER_DEFAULTS.maxTabs` (20); `Infinity` for no limit. */
  maxTabs?: number;
  version?: string;
  /** Where diagnostics go (stderr in the stdio server); never the protocol stream. */
  log?: (message: string) => void;
}

/**
 * How long a close waits for the session's aborted running call to settle before it closes the browser
 * context anyway. A call honours its abort within a poll or one browser command (milliseconds); only one
 * stuck in the browser (a page busy in script, a navigation that never commits) takes longer, and closing
 * the context is what ends it.
 */
const CLOSE_SETTLE_MS = 5_000;

/** Waits for `work` (which never rejects) for at most `ms`; `late` is called when it did not settle in time. */
async function settledWithin(work: Promise<void>, ms: number, late: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms)));
  const tooLong = await Promise.race([work.then(() => false), timedOut]);
  clearTimeout(timer);
  if (tooLong) late();
}

/** How many closed sessions are remembered so a late call can be told why its session is gone. */
const CLOSED_MEMORY = 1_000;

/**
 * Owns the sessions of its engines (one, or several behind one server). Session → pages → refs form a
 * tree; closing a parent closes its children. Page ids come from one counter, so they never collide
 * across engines.
 */
export class Provider {
  /** The default engine. */
  readonly backend: Backend;
  readonly engines: Engines;
  /** As given, with the limits' defaults filled in. */
  readonly options: ProviderOptions & Required<Pick<ProviderOptions, 'maxSessions' | 'maxTabs'>>;
  readonly sessions = new Map<string, Session>();
  readonly #byClient = new Map<string, Promise<Session>>();
  readonly #closed = new Map<string, string>();
  #pageCounter = 0;
  /** Which session holds each open page: a page belongs to the session that opened it. */
  readonly #pageOwners = new Map<string, string>();
  #shuttingDown = false;
  /** Sessions being created: they count against maxSessions before they exist. */
  #creatingCount = 0;
  /** Set when a call found the browser gone; cleared when a new session starts. */
  browserLost: { at: number; message: string } | undefined;
  #shutdown: Promise<void> | undefined;

  readonly #sweeper: NodeJS.Timeout | undefined;
  /** Names this provider in profile locks, so a holder in the same provider can be named. */
  readonly #lockOwner = randomUUID();

  constructor(options: ProviderOptions) {
    this.backend = options.backend;
    this.engines = new Engines(options.backend, options.engines, { aliases: options.familyAliases, defaultReason: options.defaultEngineReason });
    this.options = { ...options, maxSessions: options.maxSessions ?? PROVIDER_DEFAULTS.maxSessions, maxTabs: options.maxTabs ?? PROVIDER_DEFAULTS.maxTabs };
    const idle = options.idleTimeoutMs;
    if (idle !== undefined) {
      this.#sweeper = setInterval(() => this.expireIdle(idle), Math.max(50, Math.min(60_000, idle / 4)));
      this.#sweeper.unref();
    }
  }

  /** Closes sessions idle for longer than `idleMs` that have nothing queued and no job running. */
  expireIdle(idleMs: number, now = Date.now()): string[] {
    const expired: string[] = [];
    for (const s of this.sessions.values()) {
      if (now - s.lastUsed > idleMs && s.queue.pending === 0 && s.jobs.active?.state !== 'running') {
        expired.push(s.id);
        void this.closeSession(s, `expired after ${idleMs} ms without a call`);
      }
    }
    return expired;
  }

  /** The engine `session` runs on. */
  engineOf(session: Session): Backend {
    return session.engine ?? this.backend;
  }

  /** Starts a session's worth of every engine now, so the first session.ensure does not wait for a launch. */
  prelaunch(): Promise<void> {
    return this.engines.prelaunch((m) => this.log(m));
  }

  log(message: string): void {
    this.options.log?.(message);
  }

  nextPageId(): string {
    return `page_${++this.#pageCounter}`;
  }

  session(sessionId: string): Session {
    const s = this.sessions.get(sessionId);
    if (s === undefined) throw sessionNotFound(sessionId, this.#closed.get(sessionId));
    return s;
  }

  #roomForSession(): void {
    const max = this.options.maxSessions;
    if (this.sessions.size + this.#creatingCount < max) return;
    throw raise(ERRORS.session_limit, `This server holds at most ${max} sessions at once (--max-sessions), and ${max} are open.`, undefined, { details: { limit: max } });
  }

  /** Whether the session may hold one more page (`maxTabs`). */
  hasRoomForPage(session: Session): boolean {
    return session.pages.size < this.options.maxTabs;
  }

  /** Refuses a page the session asks for past `maxTabs`. */
  roomForPage(session: Session): void {
    if (this.hasRoomForPage(session)) return;
    const max = this.options.maxTabs;
    throw raise(ERRORS.tab_limit, `A session holds at most ${max} tabs (--max-tabs), and this one has ${session.pages.size}.`, { session_id: session.id }, { details: { limit: max } });
  }

  /** Registers a page the session opened: it alone may use it until it closes. */
  adoptPage(session: Session, page: PageHandle): void {
    session.addPage(page);
    this.#pageOwners.set(page.id, session.id);
  }

  releasePage(session: Session, page: PageHandle, reason: string): void {
    session.removePage(page, reason);
    this.#pageOwners.delete(page.id);
  }

  /**
   * The session's page `pageId` (or its current page). A page held by another session is refused
   * with `permission_denied` / `tab_leased`, without naming the holder (its id would let the caller act as it).
   */
  page(session: Session, pageId: string | undefined): PageHandle {
    if (pageId !== undefined && !session.pages.has(pageId)) {
      const holder = this.#pageOwners.get(pageId);
      if (holder !== undefined && holder !== session.id) {
        // The holder is not named: a session id is the credential of its session.
        throw raise(ERRORS.tab_leased, `Page ${pageId} belongs to another session.`, { session_id: session.id }, { details: { page_id: pageId } });
      }
    }
    return session.page(pageId);
  }

  /**
   * Idempotent per `client_session_id`: concurrent calls with the same id get the same session.
   * `onStage` hears each step as it starts, so a deadline that runs out can say which one did.
   */
  async ensureSession(p: ParamsOf<'session.ensure'>, signal: AbortSignal, onStage: (stage: StartStage) => void = () => undefined): Promise<{ session: Session; reused: boolean }> {
    if (this.#shuttingDown) throw raise(ERRORS.shutting_down, 'The provider is shutting down.', undefined);
    const engine = this.engines.resolve(p.browser_preference);
    if (engine === undefined) {
      const available = this.engines.families();
      throw raise(ERRORS.browser_family, `This provider drives ${available.join(', ')}, not ${p.browser_preference ?? ''}.`, { available }, { details: { requested: p.browser_preference, available } });
    }
    const clientId = p.client_session_id;
    if (clientId !== undefined) {
      const existing = this.#byClient.get(clientId);
      if (existing !== undefined) {
        const session = await existing.catch(() => undefined);
        if (session !== undefined && session.closedReason === undefined && session.backend.gone !== true) return { session, reused: true };
      }
    }
    this.#roomForSession();
    this.#creatingCount++;
    const creating = this.#create(p, engine, signal, onStage)
      .then((session) => {
        this.browserLost = undefined;
        return session;
      })
      .finally(() => this.#creatingCount--);
    if (clientId !== undefined) this.#byClient.set(clientId, creating);
    try {
      return { session: await creating, reused: false };
    } catch (e) {
      if (clientId !== undefined && this.#byClient.get(clientId) === creating) this.#byClient.delete(clientId);
      throw e;
    }
  }

  async #create(p: ParamsOf<'session.ensure'>, engine: Backend, signal: AbortSignal, onStage: (stage: StartStage) => void): Promise<Session> {
    const isolation = p.isolation ?? 'per_jcode_session';
    const attach = p.attach ?? 'never';
    const id = `sess_${randomUUID()}`;
    const profile = this.#claimProfile(p, engine, id);
    let backendSession;
    try {
      // A prelaunched session was started as the default kind: only a session of that kind may take it.
      const plain = profile === undefined && isolation === 'per_jcode_session' && attach === 'never';
      // The engine's session, and its browser when none is up (or the session has one of its own).
      onStage('starting_session');
      backendSession =
        (plain ? await this.engines.takeSpare(engine, signal) : undefined) ??
        (await engine.createSession({
          isolation,
          attach,
          signal,
          ...(profile ? { profile: { name: profile.name, dir: profile.path } } : {}),
        }));
    } catch (e) {
      profile?.lock.release();
      throw e;
    }
    const session = new Session({
      id,
      clientSessionId: p.client_session_id,
      backend: backendSession,
      isolation: backendSession.isolated ? 'per_jcode_session' : 'shared',
      metadata: p.metadata,
      profile,
      engine,
    });
    try {
      onStage('opening_page');
      this.adoptPage(session, new PageHandle(this.nextPageId(), await backendSession.newPage(signal)));
    } catch (e) {
      await backendSession.close(AbortSignal.timeout(5_000)).catch(() => undefined);
      profile?.lock.release();
      throw e;
    }
    // The browser went away under the session: the profile is free again (calls still answer browser_not_running).
    if (profile) void backendSession.ended?.then(() => profile.lock.release());
    this.sessions.set(session.id, session);
    return session;
  }

  /**
   * For a persistent session: makes the profile directory and takes its lock, or refuses. Core only
   * asks whether the engine can (`persistent_profile`); the engine decides what the directory holds.
   */
  #claimProfile(p: ParamsOf<'session.ensure'>, engine: Backend, sessionId: string): SessionProfile | undefined {
    if (p.persist !== true && p.profile === undefined) return undefined;
    const name = p.profile ?? 'default';
    const { persist: _persist, profile: _profile, ...plain } = p;
    if (!engine.features().includes('persistent_profile')) {
      throw raise(ERRORS.persist_unsupported, `${engine.info.browserLabel} here cannot keep a persistent profile: its sessions' data lasts only until they close.`, { params: plain });
    }
    const root = this.options.profileRoot ?? defaultProfileRoot();
    const { dir, created } = ensureProfileDir(root, engine.info.family, name);
    const attempt = acquireProfileLock(dir, { sessionId, owner: this.#lockOwner });
    if ('holder' in attempt) throw this.#profileLocked(name, attempt.holder, plain);
    return { name, path: dir, created, lock: attempt.lock };
  }

  #profileLocked(name: string, holder: LockRecord | undefined, plain: Omit<ParamsOf<'session.ensure'>, 'persist' | 'profile'>): ProviderError {
    // Never the holder's session id: a session id is that session's credential (docs/security.md).
    const here = holder !== undefined && holder.owner === this.#lockOwner;
    return raise(ERRORS.profile_locked, `Profile ${JSON.stringify(name)} is in use by ${here ? 'another session of this provider' : 'another provider process'}; one session at a time may use a profile.`, { params: plain, profile: name }, {
      details: { profile: name, ...(holder !== undefined ? { holder_pid: holder.pid } : {}) },
    });
  }

  /**
   * Closes `session` for `reason`. At once: the session is gone (status no longer counts it, a later
   * call on it is refused with the reason), its job stops before its next step, and every call running
   * or queued in it is aborted, so each is answered at once. Then, once the aborted running call has let
   * go of the browser (waited for at most `settleMs`; a call that ignores its abort must not hold the
   * close), its pages and its browser context are closed. Idempotent: a second close waits for the first.
   */
  closeSession(session: Session, reason: string, { settleMs = CLOSE_SETTLE_MS }: { settleMs?: number } = {}): Promise<void> {
    session.closing ??= this.#close(session, reason, settleMs);
    return session.closing;
  }

  async #close(session: Session, reason: string, settleMs: number): Promise<void> {
    this.sessions.delete(session.id);
    this.#closed.set(session.id, reason);
    if (this.#closed.size > CLOSED_MEMORY) this.#closed.delete(this.#closed.keys().next().value as string);
    if (session.clientSessionId !== undefined) this.#byClient.delete(session.clientSessionId);
    const job = session.jobs.active;
    if (job?.state === 'running') job.cancelRequested = true;
    session.end(reason);
    if (settleMs > 0) await settledWithin(session.queue.settled(), settleMs, () => this.log(`closing session ${session.id}: a call did not stop within ${settleMs} ms of its abort; closing its browser context under it`));
    for (const page of [...session.pages.values()]) this.releasePage(session, page, reason);
    await session.backend.close(AbortSignal.timeout(10_000)).catch((e: unknown) => this.log(`closing session ${session.id}: ${String(e)}`));
    // Only now: the browser has let go of the profile directory.
    session.profile?.lock.release();
  }

  /** Ends every session and every engine's processes. Idempotent. */
  shutdown(reason = 'the provider shut down'): Promise<void> {
    this.#shuttingDown = true;
    clearInterval(this.#sweeper);
    this.#shutdown ??= (async () => {
      // The calls in flight were aborted with the shutdown; the browsers go next whatever they do.
      await Promise.allSettled([...this.sessions.values()].map((s) => this.closeSession(s, reason, { settleMs: 0 })));
      await this.engines.shutdown();
    })();
    return this.#shutdown;
  }
}
