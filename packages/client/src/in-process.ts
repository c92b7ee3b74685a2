import { createProviderServer, withRecycling, type Backend, type ProviderServerOptions, type RecyclePolicy } from '@browser-provider/core';
import { deadline, request, toResult } from './envelope';
import { openSession } from './session';
import type { BrowserName, CallOptions, TypedProvider } from './types';

/** How to make an engine's backend afresh: what recycling needs to relaunch a browser. */
export type BackendFactory = () => Backend;

/**
 * The same options as `browser-provider serve`'s flags, with the same defaults (core's
 * PROVIDER_DEFAULTS): `maxSessions` 16, `maxTabs` 20, recycling at 3072 MB or 2000 sessions.
 */
export interface CreateProviderOptions extends Omit<ProviderServerOptions, 'log'> {
  /** The engine(s) to front, the first the default; each needs its adapter package installed. */
  browser?: BrowserName | readonly BrowserName[];
  /**
   * Backends you made yourself (e.g. with options), instead of `browser`. Give a factory
   * (`() => createFirefoxBackend({...})`) to have its browser recycled like `browser`'s; a backend
   * given made is used as it is, never relaunched.
   */
  backends?: Backend | BackendFactory | readonly (Backend | BackendFactory)[];
  /**
   * The memory backstop (`--recycle-budget-mb`, `--recycle-sessions`): a browser past `budgetMb` MB
   * or `maxSessions` sessions served is drained and relaunched. Defaults as above; `false` turns it off.
   */
  recycle?: Pick<RecyclePolicy, 'budgetMb' | 'maxSessions'> | false;
  /** Diagnostics; the default drops them (a library does not write to the caller's stderr). */
  log?: (message: string) => void;
}

/**
 * The adapter factory of `browser`, imported only when asked for: a harness that wants Firefox
 * installs `@browser-provider/firefox` alone. Package names are literal so bundlers can see them.
 */
async function factoryFor(browser: BrowserName): Promise<BackendFactory> {
  try {
    switch (browser) {
      case 'firefox': {
        const { createFirefoxBackend } = await import('@browser-provider/firefox');
        return () => createFirefoxBackend();
      }
      case 'chrome': {
        const { createChromeBackend } = await import('@browser-provider/chrome');
        return () => createChromeBackend();
      }
      case 'safari': {
        const { createSafariBackend } = await import('@browser-provider/safari');
        return () => createSafariBackend();
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND') throw new Error(`createProvider({ browser: '${browser}' }) needs the package @browser-provider/${browser}: install it next to @browser-provider/client`);
    throw e;
  }
  throw new TypeError(`unknown browser ${JSON.stringify(browser)} (expected firefox, chrome or safari)`);
}

/**
 * A provider in the caller's process (no child process): the same dispatcher, envelopes, limits and
 * recycling as `browser-provider serve`, through core's provider server. `close()` stops every
 * browser it started.
 */
export async function createProvider(options: CreateProviderOptions = {}): Promise<TypedProvider> {
  const { browser, backends: given, recycle, log: givenLog, ...serverOptions } = options;
  const log = givenLog ?? (() => undefined);
  const names: readonly BrowserName[] = browser === undefined ? ['firefox'] : typeof browser === 'string' ? [browser] : browser;
  const sources: readonly (Backend | BackendFactory)[] =
    given === undefined ? await Promise.all(names.map(factoryFor)) : Array.isArray(given) ? given : [given as Backend | BackendFactory];
  const backends = sources.map((s) => (typeof s === 'function' ? withRecycling(s, recycle === false ? false : { ...recycle, log }) : s));
  const server = createProviderServer(backends, { ...serverOptions, log });
  let nextId = 1;
  const callUntyped = (method: string, params?: unknown, callOptions?: CallOptions) => deadline(server.call(request(nextId++, method, params)), method, callOptions);
  return {
    call: ((method: string, params?: unknown, callOptions?: CallOptions) => callUntyped(method, params, callOptions).then(toResult)) as TypedProvider['call'],
    callUntyped,
    session: (params, callOptions) => openSession({ callUntyped }, params, callOptions),
    onEvent: (sink) => server.onEvent(sink),
    close: () => server.close('the caller closed the provider'),
  };
}
