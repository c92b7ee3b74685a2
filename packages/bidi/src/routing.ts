import type { RouteAnswer, RouteDecider, RouteRefused } from '@browser-provider/core/backend';
import type { BidiBrowser } from './browser';
import type { BidiEventParams } from './connection';
import { isBidiError } from './errors';

/**
 * One session's request routing and offline state over BiDi. `network.addIntercept` takes top-level
 * contexts, not user contexts, so each page of the session gets an intercept of its own (phase
 * beforeRequestSent) while the session has a route: requests of other sessions are never held. Each
 * intercept is removed when its page closes, when the last route goes, and when the session closes,
 * so none outlives its session in the browser. A held request always gets an answer: the route's,
 * or continueRequest (also when answering failed), so no page waits on us forever.
 */

type BeforeRequestSent = BidiEventParams<'network.beforeRequestSent'>;
type Header = BeforeRequestSent['request']['headers'][number];

const header = (name: string, value: string): Header => ({ name, value: { type: 'string', value } });

/** Errors that mean the request (or its page) is gone: nothing is left to answer. */
const gone = (e: unknown) => isBidiError(e, 'no such request') || isBidiError(e, 'no such frame') || isBidiError(e, 'no such intercept');

export class SessionNetwork {
  #decide: RouteDecider | undefined;
  #refused: RouteRefused | undefined;
  /** Our intercept per page context (only while there is a route). */
  readonly #intercepts = new Map<string, Promise<string | undefined>>();
  readonly #contexts = new Set<string>();
  #offline = false;
  readonly #off: () => void;

  constructor(
    private readonly browser: BidiBrowser,
    /** The user context the session owns alone, or undefined when it shares one (then offline goes per page). */
    private readonly ownUserContext: string | undefined,
  ) {
    this.#off = browser.conn.on('network.beforeRequestSent', (p) => void this.#onRequest(p));
  }

  /** The intercept ids this session holds in the browser now (for leak checks). */
  async interceptIds(): Promise<string[]> {
    return (await Promise.all(this.#intercepts.values())).filter((id): id is string => id !== undefined);
  }

  async setRouting(decide: RouteDecider | undefined, signal: AbortSignal, refused?: RouteRefused): Promise<void> {
    this.#decide = decide;
    this.#refused = refused;
    if (decide === undefined) await this.#removeAll();
    else await Promise.all([...this.#contexts].map((c) => this.#intercept(c, signal)));
  }

  async setOffline(offline: boolean, signal: AbortSignal): Promise<void> {
    const networkConditions = offline ? { type: 'offline' as const } : null;
    const conn = this.browser.conn;
    const [first, ...rest] = this.#contexts;
    if (this.ownUserContext !== undefined) await conn.send('emulation.setNetworkConditions', { networkConditions, userContexts: [this.ownUserContext] }, signal);
    // A shared user context is other sessions' too: then each of our pages, and pages added later (pageAdded).
    else if (first !== undefined) await conn.send('emulation.setNetworkConditions', { networkConditions, contexts: [first, ...rest] }, signal);
    this.#offline = offline;
  }

  /** A page joined the session: it is routed (and offline) like the others before it loads anything of ours. */
  async pageAdded(context: string, signal: AbortSignal): Promise<void> {
    this.#contexts.add(context);
    const tasks: Promise<unknown>[] = [];
    if (this.#decide !== undefined) tasks.push(this.#intercept(context, signal));
    if (this.#offline && this.ownUserContext === undefined) tasks.push(this.browser.conn.send('emulation.setNetworkConditions', { networkConditions: { type: 'offline' }, contexts: [context] }, signal));
    await Promise.all(tasks);
  }

  pageClosed(context: string): void {
    this.#contexts.delete(context);
    void this.#remove(context);
  }

  /** The session is closing: its intercepts go before its user context does. */
  async close(): Promise<void> {
    this.#decide = undefined;
    this.#off();
    await this.#removeAll();
  }

  #intercept(context: string, signal: AbortSignal): Promise<string | undefined> {
    let id = this.#intercepts.get(context);
    if (id === undefined) {
      id = this.browser.conn.send('network.addIntercept', { phases: ['beforeRequestSent'], contexts: [context] }, signal).then(
        (r) => r.intercept as string,
        (e: unknown) => {
          this.#intercepts.delete(context);
          if (gone(e)) return undefined;
          throw e;
        },
      );
      this.#intercepts.set(context, id);
    }
    return id;
  }

  async #remove(context: string): Promise<void> {
    const id = this.#intercepts.get(context);
    this.#intercepts.delete(context);
    const intercept = await id?.catch(() => undefined);
    if (intercept === undefined || !this.browser.alive) return;
    await this.browser.conn.send('network.removeIntercept', { intercept }, AbortSignal.timeout(5_000)).catch(() => undefined);
  }

  async #removeAll(): Promise<void> {
    await Promise.all([...this.#intercepts.keys()].map((c) => this.#remove(c)));
  }

  async #onRequest(p: BeforeRequestSent): Promise<void> {
    const intercepts = p.intercepts;
    if (p.isBlocked !== true || !Array.isArray(intercepts)) return;
    const ours = await this.interceptIds();
    if (!intercepts.some((i) => ours.includes(i))) return;
    const req: Partial<BeforeRequestSent['request']> = p.request ?? {};
    if (typeof req.request !== 'string') return;
    const request = req.request;
    const answer = this.#decide?.({ url: String(req.url ?? ''), method: String(req.method ?? 'GET') });
    const timeout = () => AbortSignal.timeout(10_000);
    try {
      await answerRequest(this.browser.conn, request, answer, req.headers ?? [], timeout());
    } catch (e) {
      if (gone(e) || !this.browser.alive) return;
      // The answer was refused (a header the browser will not set, say): the request goes on as it
      // was, and route.list says so. Core refuses what it knows an engine refuses before a route exists.
      if (answer !== undefined) this.#refused?.(answer, e instanceof Error ? e.message : String(e));
      await this.browser.conn.send('network.continueRequest', { request }, timeout()).catch(() => undefined);
    }
  }
}

/** The command that gives a held request `answer` (none: it goes on unchanged). */
function answerRequest(conn: BidiBrowser['conn'], request: string, answer: RouteAnswer | undefined, headers: Header[], signal: AbortSignal): Promise<unknown> {
  switch (answer?.action) {
    case undefined:
      return conn.send('network.continueRequest', { request }, signal);
    case 'fail':
      return conn.send('network.failRequest', { request }, signal);
    case 'fulfill':
      return conn.send(
        'network.provideResponse',
        { request, statusCode: answer.status, headers: answer.headers.map(([n, v]) => header(n, v)), body: { type: 'string', value: answer.body } },
        signal,
      );
    case 'continue': {
      const drop = new Set([...answer.remove, ...Object.keys(answer.set)].map((n) => n.toLowerCase()));
      const kept = headers.filter((h) => !drop.has(h.name.toLowerCase()));
      return conn.send('network.continueRequest', { request, headers: [...kept, ...Object.entries(answer.set).map(([n, v]) => header(n, v))] }, signal);
    }
  }
}
