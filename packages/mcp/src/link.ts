import type { ProviderServer } from '@browser-provider/core';
import type { ErrorObject, ResultOf } from '@browser-provider/protocol';
import { PROTOCOL_VERSION } from '@browser-provider/protocol';

/** A protocol error as a tool sees it: the envelope's error object, thrown. */
export class CallError extends Error {
  constructor(readonly error: ErrorObject) {
    super(`${error.code}: ${error.message}`);
    this.name = 'CallError';
  }
}

export interface CallResult<T = Record<string, unknown>> {
  result: T;
  warnings: string[];
}

/**
 * The deadline of the session.ensure a tool call makes on the model's behalf: it may launch a browser,
 * which takes seconds on a busy machine, and the model can do nothing until it is done.
 */
const ENSURE_TIMEOUT_MS = 120_000;

/** Request ids are unique per provider server; one counter for every link of this process keeps them so. */
let nextId = 0;

export interface LinkOptions {
  /** `session.ensure`'s `browser_preference` for the session this link opens first. */
  browserPreference?: string | undefined;
}

/**
 * One MCP session's provider session. Tools call protocol methods through the in-process provider
 * server, as the stdio server does (so validation, deadlines, leases and repairs are the protocol's), with this link's
 * `session_id` filled in. The session opens on the first call that needs it and again after
 * `browser_close`; `close` ends it with the MCP session.
 */
export class ProviderLink {
  #session: Promise<ResultOf<'session.ensure'>> | undefined;
  #ensureParams: Record<string, unknown>;
  #closed = false;
  /** Whether any call ever opened a session: an MCP session that never did is cheap to expire. */
  #used = false;
  /** The url and rev each page last answered with: to tell a navigation, and to diff since the last snapshot. */
  readonly pages = new Map<string, { url: string; rev?: number }>();
  /** The page the last answer was about: the one a call without page_id works on. */
  current: string | undefined;

  constructor(
    readonly server: Pick<ProviderServer, 'call'>,
    options: LinkOptions = {},
  ) {
    this.#ensureParams = options.browserPreference !== undefined ? { browser_preference: options.browserPreference } : {};
  }

  /** A call that needs no session (`provider.describe`, `provider.status`). */
  async raw<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<CallResult<T>> {
    const env = await this.server.call({ protocol_version: PROTOCOL_VERSION, id: `mcp-${++nextId}`, method, params });
    if (!env.ok) throw new CallError(env.error);
    return { result: env.result as T, warnings: env.warnings };
  }

  /** A session-scoped call: opens the session first when there is none. */
  async call<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}): Promise<CallResult<T>> {
    const session = await this.session();
    return this.raw<T>(method, { ...params, session_id: session.session_id });
  }

  session(): Promise<ResultOf<'session.ensure'>> {
    if (this.#closed) return Promise.reject(new CallError({ code: 'session_not_found', message: 'This MCP session is closed.', retryable: false, details: {} }));
    this.#used = true;
    this.#session ??= this.raw<ResultOf<'session.ensure'>>('session.ensure', { timeout_ms: ENSURE_TIMEOUT_MS, ...this.#ensureParams }).then(
      (r) => r.result,
      (e: unknown) => {
        this.#session = undefined;
        throw e;
      },
    );
    return this.#session;
  }

  /** Whether a tool ever needed a session (false for an MCP session that only initialized). */
  get used(): boolean {
    return this.#used;
  }

  /** Whether a session is open (or opening). */
  get open(): boolean {
    return this.#session !== undefined;
  }

  /**
   * Ends the current provider session; the next call opens a new one with `ensure` (when given) as
   * its `session.ensure` params from then on.
   */
  async endSession(ensure?: Record<string, unknown>): Promise<void> {
    const current = this.#session;
    this.#session = undefined;
    this.pages.clear();
    this.current = undefined;
    if (ensure !== undefined) this.#ensureParams = ensure;
    const s = await current?.catch(() => undefined);
    if (s !== undefined) await this.raw('session.close', { session_id: s.session_id }).catch(() => undefined);
  }

  /**
   * Opens a session with `ensure` as its params and only then ends the current one, so a request the
   * provider refuses (an unknown browser, a profile it cannot keep) loses no tab and no cookie. The one
   * exception: the current session holds the very profile asked for, which two sessions cannot share;
   * it is closed first, and the profile retaken.
   */
  async switchSession(ensure: Record<string, unknown>): Promise<ResultOf<'session.ensure'>> {
    if (this.#closed) return this.session();
    const current = await this.#session?.catch(() => undefined);
    const wanted = typeof ensure.profile === 'string' ? ensure.profile : ensure.persist === true ? 'default' : undefined;
    if (current?.profile !== undefined && current.profile.name === wanted) {
      await this.endSession(ensure);
      return this.session();
    }
    const next = await this.raw<ResultOf<'session.ensure'>>('session.ensure', { timeout_ms: ENSURE_TIMEOUT_MS, ...ensure });
    await this.endSession(ensure);
    this.#session = Promise.resolve(next.result);
    return next.result;
  }

  /** Closes the provider session for good (the MCP session ended). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.endSession();
  }

  /** Records what a page answered with; returns the url it had before. */
  seen(pageId: string, url: string | undefined, rev?: number): string | undefined {
    const before = this.pages.get(pageId);
    this.current = pageId;
    this.pages.set(pageId, { url: url ?? before?.url ?? '', ...(rev !== undefined ? { rev } : before?.rev !== undefined ? { rev: before.rev } : {}) });
    return before?.url;
  }
}
