import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROUTE_BODY_MAX_CHARS } from '@browser-provider/protocol';
import { describeEngine, servePage } from '@browser-provider/testing';
import { startClient, textOf } from './testing/servers';

/**
 * Security suite for `--caps network` (issue 31, item 3): without --allow-eval, browser_route cannot
 * serve the page a script. A stub body is the client's content in the target's origin, with its
 * cookies, so an HTML stub is refused and the real page loads; a JSON stub still answers the page's
 * fetch, and opened as a page it runs none of the markup in it. With --allow-eval the same HTML stub is
 * served. Also (item 6) a header the browser cannot send and a body past what a message carries are
 * refused by name, never "added". Firefox over stdio, Chromium over Streamable HTTP; WebKit has no
 * routes (network.browser.test.ts checks it refuses the tools).
 */

const site = servePage(`<!doctype html><title>Bank</title>
<p id="out">nothing fetched</p>
<script>fetch('/api/balance').then((r) => r.text()).then((t) => { document.getElementById('out').textContent = 'balance ' + t; });</script>`);

// Run by the page if a route could serve it: the title says so, and what it could reach.
const ATTACK = '<!doctype html><title>Attacked</title><script>document.title = "ran with cookies " + document.cookie;</script>';

for (const [browser, transport] of [
  ['firefox', 'stdio'],
  ['chrome', 'http'],
] as const) {
  describeEngine(browser)(`security: browser_route on ${browser} over ${transport}`, () => {
    const servers: Array<() => Promise<unknown>> = [];
    let plain: Client;
    let withEval: Client;
    beforeAll(async () => {
      const a = await startClient(transport, ['--browser', browser, '--caps', 'network']);
      servers.push(a.stop);
      plain = a.client;
      const b = await startClient(transport, ['--browser', browser, '--caps', 'network', '--allow-eval']);
      servers.push(b.stop);
      withEval = b.client;
    });
    afterAll(async () => {
      await Promise.all(servers.map((stop) => stop()));
    });
    const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });

    it('without --allow-eval refuses an HTML stub (the real page loads) and serves a JSON stub as data that never runs', async () => {
      for (const args of [
        { pattern: '**/*', contentType: 'text/html', body: ATTACK },
        { pattern: '**/*', body: ATTACK },
        { pattern: '**/*', contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' },
        { pattern: '**/app.js', status: 302, headers: ['Location: https://attacker.example/steal.js'] },
      ]) {
        const r = await call(plain, 'browser_route', args);
        expect(r.isError, JSON.stringify(args)).toBe(true);
        expect(textOf(r)).toMatch(/^Error permission_denied \(eval_required\): .*--allow-eval/);
      }
      expect(textOf(await call(plain, 'browser_route_list'))).toBe('No active routes.');
      expect(textOf(await call(plain, 'browser_navigate', { url: `${site.origin()}/` }))).toContain('Page: "Bank"');

      expect((await call(plain, 'browser_route', { pattern: '**/api/balance', contentType: 'application/json', body: '{"eur":12}' })).isError).toBeFalsy();
      expect((await call(plain, 'browser_route', { pattern: '**/statement.json', contentType: 'application/json', body: ATTACK })).isError).toBeFalsy();
      await call(plain, 'browser_navigate', { url: `${site.origin()}/` });
      const waited = await call(plain, 'browser_wait_for', { text: 'balance {"eur":12}', timeout: 20 });
      expect(waited.isError, textOf(waited)).toBeFalsy();
      const opened = textOf(await call(plain, 'browser_navigate', { url: `${site.origin()}/statement.json` }));
      // The markup shows as text (the document is the JSON, or the viewer's), and none of it ran: the page has no such title.
      expect(opened).toContain('<title>Attacked</title>');
      expect(opened.split('\n')[0]).toMatch(new RegExp(`^Page: (?!.*(Attacked|ran with)).*${site.origin().replace(/[.]/g, '\\.')}/statement\\.json`));
    });

    it('with --allow-eval serves the same HTML stub, and its script runs', async () => {
      expect((await call(withEval, 'browser_route', { pattern: '**/attack', contentType: 'text/html', body: ATTACK })).isError).toBeFalsy();
      expect(textOf(await call(withEval, 'browser_navigate', { url: `${site.origin()}/attack` }))).toContain('Page: "ran with cookies');
    });

    it('refuses a header it cannot send and a body past the message limit by field, and adds nothing', async () => {
      const refusals: Array<[Record<string, unknown>, RegExp]> = [
        [{ pattern: '**/x', headers: ['X-Token: a\r\nSet-Cookie: admin=1'] }, /^Error invalid_request \(invalid_params\): headers\.0: .*CR, LF or NUL/],
        [{ pattern: '**/x', headers: ['Bad Name: 1'] }, /^Error invalid_request \(invalid_params\): headers\.0: .*not an HTTP header name/],
        [{ pattern: '**/x', headers: ['Content-Length: 3'] }, /^Error invalid_request \(invalid_params\): .*request_headers\.Content-Length: .*frames the HTTP message/],
        [{ pattern: '**/x', contentType: 'text/plain', body: 'x'.repeat(ROUTE_BODY_MAX_CHARS + 1) }, new RegExp(`^Error invalid_request \\(invalid_params\\): .*body: at most ${ROUTE_BODY_MAX_CHARS} characters`)],
      ];
      const before = textOf(await call(plain, 'browser_route_list'));
      if (browser === 'chrome') refusals.push([{ pattern: '**/x', headers: ['Host: other.example'] }, /^Error invalid_request \(invalid_params\): .*request_headers\.Host: Chrome does not let a route set Host/]);
      for (const [args, error] of refusals) {
        const r = await call(plain, 'browser_route', args);
        expect(r.isError, JSON.stringify(args).slice(0, 200)).toBe(true);
        expect(textOf(r)).toMatch(error);
      }
      expect(textOf(await call(plain, 'browser_route_list'))).toBe(before);
    });
  });
}
