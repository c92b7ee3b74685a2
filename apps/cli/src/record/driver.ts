import { Dispatcher, Provider, type Backend } from '@browser-provider/core';
import type { ErrorObject } from '@browser-provider/protocol';
import { createBackend, type BrowserName } from '../browsers';

/** A protocol error, thrown with its envelope's error object. */
export class StepError extends Error {
  constructor(readonly error: ErrorObject) {
    super(`${error.code}${typeof error.details.code === 'string' ? `/${error.details.code}` : ''}: ${error.message}`);
    this.name = 'StepError';
  }
}

export type Call = (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/**
 * One engine driven in-process through the protocol's own dispatcher, as a stdio client would: the same
 * validation, actionability checks and errors. `allowEval` is for the recorder only (it installs its
 * script with page.eval); replay never needs it.
 */
export interface Driver {
  browser: BrowserName;
  backend: Backend;
  call: Call;
  /** The session every call after `open` runs in. */
  sessionId(): Promise<string>;
  close(): Promise<void>;
}

export async function openDriver(browser: BrowserName, opts: { allowEval?: boolean; headed?: boolean; backend?: Backend } = {}): Promise<Driver> {
  const backend = opts.backend ?? (await createBackend(browser, { headed: opts.headed === true }));
  const dispatcher = new Dispatcher(new Provider({ backend, allowEval: opts.allowEval === true, log: () => undefined }));
  let n = 0;
  const raw: Call = async (method, params = {}) => {
    const env = await dispatcher.handle({ protocol_version: '0.1', id: `flow-${++n}`, method, params: { timeout_ms: 30_000, ...params } });
    if (!env.ok) throw new StepError(env.error);
    return env.result as Record<string, unknown>;
  };
  let session: Promise<string> | undefined;
  const sessionId = () => (session ??= raw('session.ensure', { timeout_ms: 120_000 }).then((r) => String(r.session_id)));
  return {
    browser,
    backend,
    sessionId,
    call: async (method, params = {}) => raw(method, { session_id: await sessionId(), ...params }),
    close: async () => {
      if (session !== undefined) await raw('session.close', { session_id: await session }).catch(() => undefined);
      if (opts.backend === undefined) await backend.shutdown();
    },
  };
}
