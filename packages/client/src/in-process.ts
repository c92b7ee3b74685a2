import { createProviderServer, type Backend, type ProviderServerOptions } from '@browser-provider/core';
import { deadline, request, toResult } from './envelope';
import type { BrowserName, CallOptions, TypedProvider } from './types';

export interface CreateProviderOptions extends Omit<ProviderServerOptions, 'log'> {
  /** The engine(s) to front, the first the default; each needs its adapter package installed. */
  browser?: BrowserName | readonly BrowserName[];
  /** Backends you made yourself (e.g. with options), instead of `browser`. */
  backends?: Backend | readonly Backend[];
  /** Diagnostics; the default drops them (a library does not write to the caller's stderr). */
  log?: (message: string) => void;
}

/**
 * The adapter of `browser`, imported only when asked for: a harness that wants Firefox installs
 * `@browser-provider/firefox` alone. Package names are literal so bundlers can see them.
 */
async function backendFor(browser: BrowserName): Promise<Backend> {
  try {
    switch (browser) {
      case 'firefox':
        return (await import('@browser-provider/firefox')).createFirefoxBackend();
      case 'chrome':
        return (await import('@browser-provider/chrome')).createChromeBackend();
      case 'safari':
        return (await import('@browser-provider/safari')).createSafariBackend();
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND') throw new Error(`createProvider({ browser: '${browser}' }) needs the package @browser-provider/${browser}: install it next to @browser-provider/client`);
    throw e;
  }
  throw new TypeError(`unknown browser ${JSON.stringify(browser)} (expected firefox, chrome or safari)`);
}

/**
 * A provider in the caller's process (no child process): the same dispatcher and envelopes as
 * `browser-provider serve`, through core's provider server. `close()` stops every browser it started.
 */
export async function createProvider(options: CreateProviderOptions = {}): Promise<TypedProvider> {
  const { browser, backends: given, log, ...serverOptions } = options;
  const names: readonly BrowserName[] = browser === undefined ? ['firefox'] : typeof browser === 'string' ? [browser] : browser;
  const backends = given ?? (await Promise.all(names.map(backendFor)));
  const server = createProviderServer(backends, { ...serverOptions, log: log ?? (() => undefined) });
  let nextId = 1;
  const callUntyped = (method: string, params?: unknown, callOptions?: CallOptions) => deadline(server.call(request(nextId++, method, params)), method, callOptions);
  return {
    call: ((method: string, params?: unknown, callOptions?: CallOptions) => callUntyped(method, params, callOptions).then(toResult)) as TypedProvider['call'],
    callUntyped,
    onEvent: (sink) => server.onEvent(sink),
    close: () => server.close('the caller closed the provider'),
  };
}
