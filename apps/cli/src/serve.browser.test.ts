import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ProviderClient } from '@browser-provider/conformance';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { descendantsOf, pidLive } from '@browser-provider/core/host';
import { commandName, describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS } from './browsers';

/**
 * The server as a client sees it: `browser-provider serve` as a child process, spoken to over stdio,
 * on every installed engine. What it must survive, what it must refuse, and that it leaves no
 * browser process behind when it goes.
 */

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const PAGE = `<!doctype html><title>Serve test</title>
<h1>Serve test</h1><button id="b" onclick="this.textContent='Clicked'">Press me</button>
<label>Name <input id="name"></label>`;

const site = servePage(PAGE);

const serve = (browser: string, ...flags: string[]) =>
  new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser, ...flags], defaultTimeoutMs: 60_000 });

const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};
const err = (env: ResponseEnvelope) => {
  if (env.ok) throw new Error(`expected an error, got ${JSON.stringify(env.result).slice(0, 200)}`);
  return env.error;
};

/**
 * Starts `serve` as a plain child (not in a group of its own, so nothing but the server itself can
 * stop what it started), opens a page, and returns it with every process it had started by then.
 */
async function startedServer(browser: string): Promise<{ child: ChildProcessWithoutNullStreams; tree: number[] }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--browser', browser], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const call = async (id: number, method: string, params: Record<string, unknown>) => {
    child.stdin.write(`${JSON.stringify({ protocol_version: '0.1', id, method, params })}\n`);
    const line = await lines.next();
    return ok(JSON.parse(line.value as string) as ResponseEnvelope);
  };
  const s = await call(1, 'session.ensure', {});
  await call(2, 'page.open', { session_id: s.session_id, url: `${site.origin()}/` });
  return { child, tree: descendantsOf(child.pid as number) };
}

/** Stops the server the given way, waits for it to exit by itself, and names what it left alive. */
async function survivors(child: ChildProcessWithoutNullStreams, tree: number[], stop: () => void): Promise<string[]> {
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  stop();
  const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 30_000))]);
  if (code === 'hung') child.kill('SIGKILL');
  expect(code).not.toBe('hung');
  // A watchdog may take a moment to follow its server: wait until the tree is gone, at most 5 s.
  for (let i = 0; i < 100 && tree.some(pidLive); i++) await new Promise((r) => setTimeout(r, 50));
  return tree.filter(pidLive).map((pid) => `${pid} ${commandName(pid)}`);
}

for (const browser of BROWSERS) {
  describeEngine(browser)(`serve --browser ${browser}`, () => {
    // One server (and browser) for the checks that leave it running; each stop test starts its own.
    let c: ProviderClient;
    beforeAll(() => {
      c = serve(browser);
    });
    afterAll(async () => {
      await c?.close();
    });

    it('answers bad input with the right code and keeps serving', async () => {
      const s = ok(await c.call('session.ensure', {}));
      ok(await c.call('page.open', { session_id: s.session_id, url: `${site.origin()}/` }));

      c.sendRaw('{"protocol_version":"0.1","id":"x",');
      const parse = await c.nextOrphanError();
      expect(parse.id).toBeNull();
      expect(parse.error.code).toBe('invalid_request');

      expect(err(await c.call('page.teleport', {})).code).toBe('unsupported_method');
      const typed = err(await c.call('page.open', { session_id: s.session_id, url: 42 }));
      expect(typed.code).toBe('invalid_request');
      expect(typed.message).toContain('url: expected string, got number');
      expect(err(await c.call('page.snapshot', { session_id: 'sess_nope' })).code).toBe('session_not_found');
      expect(err(await c.call('page.snapshot', { session_id: s.session_id, page_id: 'page_nope' })).code).toBe('page_not_found');
      expect(err(await c.call('page.click', { session_id: s.session_id, selector: 'button[[' })).code).toBe('invalid_selector');
      const huge = err(await c.call('page.type', { session_id: s.session_id, selector: '#name', text: 'x'.repeat(4_000_000) }));
      expect(huge).toMatchObject({ code: 'invalid_request', details: { field: 'text' } });

      const snap = ok(await c.call('page.snapshot', { session_id: s.session_id }));
      const button = snap.elements.find((e: any) => e.name === 'Press me');
      expect(button?.actionable).toBe(true);
      ok(await c.call('page.click', { session_id: s.session_id, element_ref: button.element_ref }));
      expect(ok(await c.call('page.wait', { session_id: s.session_id, text_present: 'Clicked', timeout_ms: 5_000 })).satisfied).toBe(true);
    });

    it('opens, lists and closes tabs, each session seeing only its own', async () => {
      const a = ok(await c.call('session.ensure', { client_session_id: 'a' }));
      const b = ok(await c.call('session.ensure', { client_session_id: 'b' }));
      const tab = ok(await c.call('tab.new', { session_id: a.session_id, url: `${site.origin()}/` }));
      expect(tab).toMatchObject({ title: 'Serve test', active: true });
      const listed = ok(await c.call('tab.list', { session_id: a.session_id })).tabs.map((t: any) => t.tab_id);
      expect(listed).toEqual([a.default_page_id, tab.tab_id]);
      expect(ok(await c.call('tab.list', { session_id: b.session_id })).tabs.map((t: any) => t.tab_id)).toEqual([b.default_page_id]);
      expect(err(await c.call('page.snapshot', { session_id: b.session_id, page_id: tab.page_id })).details.code).toBe('tab_leased');
      expect(ok(await c.call('tab.activate', { session_id: a.session_id, tab_id: a.default_page_id })).active).toBe(true);
      ok(await c.call('tab.close', { session_id: a.session_id, tab_id: tab.tab_id }));
      expect(ok(await c.call('tab.list', { session_id: a.session_id })).tabs).toHaveLength(1);
    });

    it('leaves no browser process behind when stdin closes', async () => {
      const { child, tree } = await startedServer(browser);
      expect(tree.length).toBeGreaterThan(0);
      expect(await survivors(child, tree, () => child.stdin.end())).toEqual([]);
    });

    it('leaves no browser process behind on SIGTERM', async () => {
      const { child, tree } = await startedServer(browser);
      expect(tree.length).toBeGreaterThan(0);
      expect(await survivors(child, tree, () => child.kill('SIGTERM'))).toEqual([]);
    });
  });
}
