import type { AnyMethodName, MethodTraits, RequestId, ResponseEnvelope } from '@browser-provider/protocol';
import { PROTOCOL_VERSION, RequestId as RequestIdSchema } from '@browser-provider/protocol';
import type { DispatchApi } from './core-methods';
import { gateEnabled, gatedError } from './gates';
import { DEFAULT_TIMEOUT_MS, DeadlineExceeded, deadline, raceSignal } from '../toolkit/deadline';
import { assertEngineOffers } from './engine-check';
import { ERRORS, raise, readyToSend } from '../catalog';
import { ProviderError, toProviderError } from '../catalog/errors';
import type { CallContext, MethodRow } from './call-context';
import type { JobStep } from '../state/jobs';
import type { Provider } from '../provider';
import { MethodRegistry } from '../state/registry';
import { sessionNotFound } from '../catalog/repair';
import { SessionClosed, type Session } from '../state/session';
import { parseParams } from './validate';

/**
 * A deadline that ran out, said in the protocol's words: a navigation's (trait `navigates`) is
 * `navigation_timeout`; session.ensure's is `start_timeout`, whose repair repeats it with more time (no
 * session exists yet to look at), and says the step it was in (`stage`); another call without a session
 * that changes nothing is `call_timeout`, repeated the same way. The rest are `outcome_unknown`.
 */
function timeoutError(method: string, traits: MethodTraits, timeoutMs: number, params: Record<string, unknown>, stage: string | undefined): ProviderError {
  if (method === 'session.ensure') {
    const { timeout_ms: _timeout, ...asked } = params;
    return raise(ERRORS.start_timeout, `session.ensure did not finish within ${timeoutMs} ms${stage !== undefined ? ` (${stage.replace('_', ' ')})` : ''}; no session was opened.`, { params: asked, timeout_ms: timeoutMs }, {
      details: { timeout_ms: timeoutMs, outcome: 'not_done', ...(stage !== undefined ? { during: stage } : {}) },
    });
  }
  // A call without a session that changes nothing: no page to look at, and repeating it is safe.
  if (!traits.needsSession && !traits.mutating) {
    const { timeout_ms: _timeout, ...asked } = params;
    return raise(ERRORS.call_timeout, `${method} did not finish within ${timeoutMs} ms; nothing was changed.`, { method: method as AnyMethodName, params: asked, timeout_ms: timeoutMs }, {
      details: { timeout_ms: timeoutMs, outcome: 'not_done' },
    });
  }
  if (traits.navigates) {
    return raise(ERRORS.deadline, `${method} did not finish within ${timeoutMs} ms.`, { timeout_ms: timeoutMs }, { details: { timeout_ms: timeoutMs } });
  }
  // The detail code is the same either way (a call outlived its deadline); the message and
  // details.outcome say whether it may have acted.
  const outcome = traits.mutating ? 'its outcome is unknown' : 'it only reads, so nothing was changed';
  return raise(ERRORS.outcome_unknown, `${method} did not finish within ${timeoutMs} ms; ${outcome}.`, undefined, {
    details: { timeout_ms: timeoutMs, outcome: traits.mutating ? 'unknown' : 'not_done' },
  });
}

/** Why a request was cancelled, carried as the abort reason. */
class Cancelled extends Error {
  constructor() {
    super('cancelled by requests.cancel');
  }
}

function cancelledError(method: string, traits: MethodTraits, started: boolean): ProviderError {
  const outcome = !started ? 'not_done' : traits.mutating ? 'unknown' : 'not_done';
  return raise(ERRORS.cancelled, `${method} was cancelled ${started ? 'while running' : 'before it started'}.`, undefined, { details: { outcome } });
}

/**
 * A call whose session closed while it was queued or running: answered at once, as a later call on the
 * session is (`session_not_found` / `session_closed`, the reason in the message), and saying whether it
 * may have acted.
 */
function sessionClosedError(method: string, traits: MethodTraits, started: boolean, closed: SessionClosed): ProviderError {
  const outcome = started && traits.mutating ? 'unknown' : 'not_done';
  return raise(ERRORS.session_closed, `${method} was stopped ${started ? 'while running' : 'before it started'}: its session closed (${closed.why}).`, undefined, { details: { outcome } });
}

interface InFlight {
  method: string;
  sessionId: string | undefined;
  started: boolean;
  cancel: AbortController;
}

interface RunOptions {
  inflight?: InFlight;
  /** Set when a job runs the step: it may pass the session's job_active gate. */
  fromJob?: boolean;
}

/**
 * A request's key among the calls in flight. A call sent with a session is found only by that session
 * (session ids are the credential); one sent without a session only without one.
 */
function inflightKey(sessionId: string | undefined, id: RequestId): string {
  return JSON.stringify([sessionId ?? null, id]);
}

function success(id: RequestId, result: unknown, warnings: string[]): ResponseEnvelope {
  return { protocol_version: PROTOCOL_VERSION, id, ok: true, result, warnings };
}

/** Parses an envelope, validates params once, routes, and always answers exactly one envelope. */
export class Dispatcher {
  readonly #shutdown = new AbortController();
  /** Calls in flight by (session, id): only the session that sent a call can name it to cancel it. */
  readonly #inflight = new Map<string, InFlight>();
  readonly #api: DispatchApi = {
    cancel: (id, sessionId) => {
      const entry = this.#inflight.get(inflightKey(sessionId, id));
      if (entry === undefined || entry.method === 'requests.cancel') {
        return { cancelled: false, state: 'not_found' };
      }
      entry.cancel.abort(new Cancelled());
      return { cancelled: true, state: entry.started ? 'running' : 'queued' };
    },
    runStep: (session, step) => this.#runStep(session, step),
  };

  /** Every method this provider answers, built once. */
  readonly methods: MethodRegistry;

  constructor(readonly provider: Provider) {
    this.methods = new MethodRegistry(provider, this.#api);
  }

  /** Aborts every call in flight (their answers say the provider is shutting down). */
  abortAll(): void {
    this.#shutdown.abort(raise(ERRORS.shutting_down, 'The provider is shutting down.', undefined));
  }

  async handleLine(line: string): Promise<ResponseEnvelope> {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return raise(ERRORS.parse_error, 'The request is not valid JSON.', undefined).toEnvelope(null);
    }
    return this.handle(message);
  }

  async handle(message: unknown): Promise<ResponseEnvelope> {
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      return raise(ERRORS.not_an_object, 'A request must be a JSON object.', undefined).toEnvelope(null);
    }
    const m = message as Record<string, unknown>;
    const idParse = RequestIdSchema.safeParse(m.id);
    const id = idParse.success ? idParse.data : null;
    let entry: InFlight | undefined;
    try {
      if (!idParse.success) throw raise(ERRORS.invalid_envelope, 'id: expected a string or number', undefined, { details: { field: 'id' } });
      if (m.protocol_version !== PROTOCOL_VERSION) {
        throw raise(ERRORS.unsupported_protocol_version, `protocol_version: expected "${PROTOCOL_VERSION}", got ${JSON.stringify(m.protocol_version) ?? 'nothing'}`, undefined, {
          details: { field: 'protocol_version', supported: [PROTOCOL_VERSION] },
        });
      }
      if (typeof m.method !== 'string' || m.method.length === 0) {
        throw raise(ERRORS.invalid_envelope, 'method: expected a non-empty string', undefined, { details: { field: 'method' } });
      }
      if (m.params !== undefined && (m.params === null || typeof m.params !== 'object' || Array.isArray(m.params))) {
        throw raise(ERRORS.invalid_envelope, 'params: expected an object', undefined, { details: { field: 'params' } });
      }
      const params = (m.params ?? {}) as Record<string, unknown>;
      entry = { method: m.method, sessionId: typeof params.session_id === 'string' ? params.session_id : undefined, started: false, cancel: new AbortController() };
      this.#inflight.set(inflightKey(entry.sessionId, idParse.data), entry);
      const warnings: string[] = [];
      const result = await this.#route(m.method, params, warnings, entry);
      return success(idParse.data, result, warnings);
    } catch (e) {
      const err = toProviderError(e);
      if (err.code === 'internal_error') this.provider.log(`internal error in ${String(m.method)}: ${err.cause instanceof Error ? err.cause.stack : String(err.cause)}`);
      return err.toEnvelope(id);
    } finally {
      if (id !== null && entry !== undefined && this.#inflight.get(inflightKey(entry.sessionId, id)) === entry) this.#inflight.delete(inflightKey(entry.sessionId, id));
    }
  }

  async #route(method: string, rawParams: object, warnings: string[], inflight: InFlight): Promise<unknown> {
    const row = this.methods.get(method);
    if (row === undefined || !this.methods.offered(method)) throw unsupported(method);
    if (row.traits.tier === 'custom') {
      // Several engines: a method of another engine than the session's is refused as that, not as a flag to set.
      const sessionId = (rawParams as { session_id?: unknown }).session_id;
      const own = typeof sessionId === 'string' ? this.provider.sessions.get(sessionId) : undefined;
      if (own !== undefined) assertEngineOffers(this.provider, row, own);
      if (row.traits.gate !== undefined && !gateEnabled(this.provider, row.traits.gate)) throw gatedError(method, row.traits.gate);
    }
    const params = parseParams(row.params, rawParams, method) as Record<string, unknown>;
    return this.#run(row, params, warnings, { inflight });
  }

  async #run(row: MethodRow, params: Record<string, unknown>, warnings: string[], opts: RunOptions): Promise<unknown> {
    const { name: method, traits, handler } = row;
    const timeoutMs = (params.timeout_ms as number | undefined) ?? this.provider.options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const parents = [this.#shutdown.signal, ...(opts.inflight ? [opts.inflight.cancel.signal] : [])];
    const { signal, dispose, link } = deadline(timeoutMs, ...parents);
    const base: CallContext = { provider: this.provider, methods: this.methods, signal, deadlineAt: Date.now() + timeoutMs, warnings, progress: {} };
    const p = params as never;
    let started = false;
    const markStarted = () => {
      started = true;
      if (opts.inflight) opts.inflight.started = true;
    };
    try {
      if (handler.scope === 'provider') {
        markStarted();
        return await raceSignal(handler.run(base, p), signal);
      }
      const session = this.provider.session(params.session_id as string);
      assertEngineOffers(this.provider, row, session);
      session.lastUsed = Date.now();
      if (handler.scope === 'session' && handler.endsSession === true) {
        // session.close: not queued behind the calls it ends, nor refused while a job runs (it ends the job).
        markStarted();
        return await raceSignal(handler.run({ ...base, session }, p), signal);
      }
      // The call ends with its session: a close aborts it, queued or running, and it is answered at once.
      link(session.signal);
      const job = session.jobs.active;
      if (!opts.fromJob && job?.state === 'running' && traits.mutating) {
        throw raise(ERRORS.job_active, `A background job is running in this session; ${method} would interfere with it.`, { session_id: session.id, job_id: job.id }, { details: { job_id: job.id } });
      }
      return await raceSignal(
        session.queue.run(async () => {
          markStarted();
          if (session.closedReason !== undefined) throw sessionNotFound(session.id, session.closedReason);
          if (handler.scope === 'session') return handler.run({ ...base, session }, p);
          const page = this.provider.page(session, params.page_id as string | undefined);
          return handler.run({ ...base, session, page }, p);
        }, signal),
        signal,
      );
    } catch (e) {
      if (e instanceof ProviderError && e.code === 'browser_not_running' && e.details.code !== 'shutting_down') this.provider.browserLost ??= { at: Date.now(), message: e.message };
      const reason: unknown = signal.aborted ? signal.reason : undefined;
      let err = e;
      if (e instanceof DeadlineExceeded || reason instanceof DeadlineExceeded) err = timeoutError(method, traits, timeoutMs, params, base.progress.stage);
      else if (e instanceof Cancelled || reason instanceof Cancelled) err = cancelledError(method, traits, started);
      else if (reason instanceof SessionClosed) err = sessionClosedError(method, traits, started, reason);
      if (err instanceof ProviderError) readyToSend(err, params);
      throw err;
    } finally {
      dispose();
    }
  }

  #runStep(session: Session, step: JobStep): Promise<unknown> {
    const row = this.methods.get(step.method);
    if (row === undefined || !this.methods.offered(step.method)) return Promise.reject(unsupported(step.method));
    const params = parseParams(row.params, { ...step.params, session_id: session.id }, step.method) as Record<string, unknown>;
    return this.#run(row, params, [], { fromJob: true });
  }
}

function unsupported(method: string): ProviderError {
  return raise(ERRORS.unknown_method, `This provider does not implement ${method}.`, undefined, { details: { method } });
}
