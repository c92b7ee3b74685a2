import type { MethodName, RequestId, ResponseEnvelope } from '@browser-provider/protocol';
import { METHODS, PROTOCOL_VERSION, RequestId as RequestIdSchema, isMethodName } from '@browser-provider/protocol';
import type { CustomMethod } from './custom-method';
import { findCustomMethod, gateEnabled } from './custom-registry';
import { DEFAULT_TIMEOUT_MS, DeadlineExceeded, deadline, raceSignal } from './deadline';
import { ProviderError, toProviderError } from './errors';
import { HANDLERS, supportedOptionalMethods, type CallContext, type Handler } from './handlers';
import type { Provider } from './provider';
import { sessionNotFound } from './repair';
import { parseParams } from './validate';

/** Methods whose deadline is a navigation's: running out of time there is `navigation_timeout`. */
const NAVIGATIONS = new Set(['page.open', 'page.go_back', 'page.go_forward', 'page.reload']);

/** A deadline that ran out, said in the protocol's words. */
function timeoutError(method: string, timeoutMs: number): ProviderError {
  if (NAVIGATIONS.has(method)) {
    return new ProviderError('navigation_timeout', `${method} did not finish within ${timeoutMs} ms.`, {
      retryable: true,
      detail: 'deadline',
      details: { timeout_ms: timeoutMs },
      repair: { method: 'page.wait', params: { navigation_complete: true, timeout_ms: timeoutMs }, hint: 'The page may still be loading; wait for it, then take a snapshot.' },
    });
  }
  return new ProviderError('not_ready', `${method} did not finish within ${timeoutMs} ms; its outcome is unknown.`, {
    retryable: true,
    detail: 'outcome_unknown',
    details: { timeout_ms: timeoutMs },
    repair: { method: 'page.snapshot', params: {}, hint: 'Check the page with a snapshot before repeating the action.' },
  });
}

function success(id: RequestId, result: unknown, warnings: string[]): ResponseEnvelope {
  return { protocol_version: PROTOCOL_VERSION, id, ok: true, result, warnings };
}

/** Parses an envelope, validates params once, routes, and always answers exactly one envelope. */
export class Dispatcher {
  readonly #shutdown = new AbortController();

  constructor(readonly provider: Provider) {}

  /** Aborts every call in flight (their answers say the provider is shutting down). */
  abortAll(): void {
    this.#shutdown.abort(new ProviderError('browser_not_running', 'The provider is shutting down.', { detail: 'shutting_down' }));
  }

  async handleLine(line: string): Promise<ResponseEnvelope> {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return new ProviderError('invalid_request', 'The request is not valid JSON.', { detail: 'parse_error' }).toEnvelope(null);
    }
    return this.handle(message);
  }

  async handle(message: unknown): Promise<ResponseEnvelope> {
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      return new ProviderError('invalid_request', 'A request must be a JSON object.', { detail: 'not_an_object' }).toEnvelope(null);
    }
    const m = message as Record<string, unknown>;
    const idParse = RequestIdSchema.safeParse(m.id);
    const id = idParse.success ? idParse.data : null;
    try {
      if (!idParse.success) throw new ProviderError('invalid_request', 'id: expected a string or number', { detail: 'invalid_envelope', details: { field: 'id' } });
      if (m.protocol_version !== PROTOCOL_VERSION) {
        throw new ProviderError('invalid_request', `protocol_version: expected "${PROTOCOL_VERSION}", got ${JSON.stringify(m.protocol_version) ?? 'nothing'}`, {
          detail: 'unsupported_protocol_version',
          details: { field: 'protocol_version', supported: [PROTOCOL_VERSION] },
        });
      }
      if (typeof m.method !== 'string' || m.method.length === 0) {
        throw new ProviderError('invalid_request', 'method: expected a non-empty string', { detail: 'invalid_envelope', details: { field: 'method' } });
      }
      if (m.params !== undefined && (m.params === null || typeof m.params !== 'object' || Array.isArray(m.params))) {
        throw new ProviderError('invalid_request', 'params: expected an object', { detail: 'invalid_envelope', details: { field: 'params' } });
      }
      const warnings: string[] = [];
      const result = await this.#route(m.method, m.params ?? {}, warnings);
      return success(idParse.data, result, warnings);
    } catch (e) {
      const err = toProviderError(e);
      if (err.code === 'internal_error') this.provider.log(`internal error in ${String(m.method)}: ${err.cause instanceof Error ? err.cause.stack : String(err.cause)}`);
      return err.toEnvelope(id);
    }
  }

  async #route(method: string, rawParams: object, warnings: string[]): Promise<unknown> {
    if (isMethodName(method)) {
      const handler = HANDLERS[method] as Handler<MethodName> | undefined;
      const isOffered = METHODS[method].tier === 'core' || (supportedOptionalMethods(this.provider) as string[]).includes(method);
      if (handler === undefined || !isOffered) throw unsupported(method);
      const params = parseParams(METHODS[method].params, rawParams, method) as Record<string, unknown>;
      return this.#run(method, params, warnings, handler);
    }
    const custom = findCustomMethod(this.provider, method);
    if (custom === undefined) throw unsupported(method);
    return this.#runCustom(custom, rawParams, warnings);
  }

  async #run(method: string, params: Record<string, unknown>, warnings: string[], handler: Handler<MethodName>): Promise<unknown> {
    const timeoutMs = (params.timeout_ms as number | undefined) ?? this.provider.options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const { signal, dispose } = deadline(timeoutMs, this.#shutdown.signal);
    const base: CallContext = { provider: this.provider, signal, deadlineAt: Date.now() + timeoutMs, warnings };
    const p = params as never;
    try {
      if (handler.scope === 'provider') return await raceSignal(handler.run(base, p), signal);
      const session = this.provider.session(params.session_id as string);
      return await raceSignal(
        session.queue.run(async () => {
          if (session.closedReason !== undefined) throw sessionNotFound(session.id, session.closedReason);
          if (handler.scope === 'session') return handler.run({ ...base, session }, p);
          const page = this.provider.page(session, params.page_id as string | undefined);
          return handler.run({ ...base, session, page }, p);
        }, signal),
        signal,
      );
    } catch (e) {
      if (e instanceof DeadlineExceeded || (signal.aborted && signal.reason instanceof DeadlineExceeded)) throw timeoutError(method, timeoutMs);
      throw e;
    } finally {
      dispose();
    }
  }

  async #runCustom(m: CustomMethod, rawParams: object, warnings: string[]): Promise<unknown> {
    if (m.gate !== undefined && !gateEnabled(this.provider, m.gate)) {
      throw new ProviderError('permission_denied', `${m.name} is disabled; start the server with --${m.gate} to enable it.`, {
        detail: 'gated',
        details: { gate_flag: `--${m.gate}` },
      });
    }
    const params = parseParams(m.params, rawParams, m.name) as Record<string, unknown>;
    const handler: Handler<MethodName> = m.sessionScoped
      ? {
          scope: 'session',
          run: async (ctx) => {
            const page =
              ctx.session.currentPageId !== undefined || params.page_id !== undefined
                ? this.provider.page(ctx.session, params.page_id as string | undefined)
                : undefined;
            return m.handle(params, { signal: ctx.signal, session: ctx.session.backend, ...(page ? { page: page.backend } : {}) }) as never;
          },
        }
      : { scope: 'provider', run: async (ctx) => m.handle(params, { signal: ctx.signal }) as never };
    return this.#run(m.name, params, warnings, handler);
  }
}

function unsupported(method: string): ProviderError {
  return new ProviderError('unsupported_method', `This provider does not implement ${method}.`, {
    detail: 'unknown_method',
    details: { method },
    repair: { method: 'provider.describe', params: {}, hint: 'See provider.describe for the methods this provider offers.' },
  });
}
