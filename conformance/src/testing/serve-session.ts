/** One `serve` child and one fixture site per describe block, for the browser tests that act as a client. */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { ProviderClient } from '../client';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { ok } from './snapshot-text';

export const CLI = fileURLToPath(new URL('../../../apps/cli/bin/browser-provider.js', import.meta.url));
/** The engines these tests run on; `pnpm test:browsers --engine` narrows them (describeEngine). */
export const BROWSERS = ['firefox', 'chrome', 'safari'] as const;

export interface ServeSession {
  /** A session-scoped call that must succeed; its result. */
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, any>>;
  /** Opens a fixture page by its path. */
  open(path: string): Promise<Record<string, any>>;
}

/** Registers the hooks that start `serve --browser <browser>` with one session and the site, and stop both. */
export function serveSession(browser: string): ServeSession {
  let site: FixtureServer | undefined;
  let c: ProviderClient | undefined;
  let sid = '';
  beforeAll(async () => {
    site = await startFixtureServer();
    c = new ProviderClient({ command: [process.execPath, CLI, 'serve', '--browser', browser], defaultTimeoutMs: 60_000 });
    sid = ok(await c.call('session.ensure', {})).session_id as string;
  });
  afterAll(async () => {
    await c?.close();
    await site?.close();
  });
  const call = async (method: string, params: Record<string, unknown> = {}) => ok(await c!.call(method, { session_id: sid, ...params }));
  return { call, open: (path) => call('page.open', { url: `${site!.origin}${path}` }) };
}
