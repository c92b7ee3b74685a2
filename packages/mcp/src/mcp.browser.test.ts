import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { SECURITY_FIXTURE, startFixtureServer, TASKS_FIXTURE, type FixtureServer } from '@browser-provider/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantsOf, pidLive } from '@browser-provider/core/host';
import { commandName, describeEngine, engineReady, servePage } from '@browser-provider/testing';
import { BIN, refOf, startHttp, startStdio, textOf, type HttpServer, type StdioServer } from './testing/servers';

/**
 * `browser-provider mcp` as an MCP client sees it — the SDK's own Client over stdio and over
 * Streamable HTTP — on every installed engine. One server per transport and engine, several checks each.
 */

const ENGINES = ['firefox', 'chrome', 'safari'] as const;

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer();
});
afterAll(async () => {
  await site.close();
});
/** What is still alive of a process tree, named (a watchdog may take a moment to follow its server). */
const survivors = (tree: number[]) => tree.filter(pidLive).map((pid) => `${pid} ${commandName(pid)}`);
const at = (path: string) => `${site.origin}${path}`;
/** A button whose click, dblclick and contextmenu events (with the modifiers held) show in its log line. */
const clicks = servePage(`<!doctype html><title>Clicks</title><button id="t">Target</button><p id="log">log: </p>
<script>
  let seen = [];
  for (const type of ['click', 'dblclick', 'contextmenu']) {
    document.getElementById('t').addEventListener(type, (e) => {
      if (type === 'contextmenu') e.preventDefault();
      const mods = (e.altKey ? 'A' : '') + (e.ctrlKey ? 'C' : '') + (e.metaKey ? 'M' : '') + (e.shiftKey ? 'S' : '');
      seen.push([type, ...(type === 'contextmenu' ? [] : [e.detail]), ...(mods ? [mods] : [])].join('/'));
      document.getElementById('log').textContent = 'log: ' + seen.join(' ');
    });
  }
</script>`);
const T = TASKS_FIXTURE;

/** A raw request, to send the headers a browser under DNS rebinding would (the SDK client never does). */
function rawPost(url: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end(body);
  });
}

for (const browser of ENGINES) {
  describeEngine(browser)(`mcp --browser ${browser}`, () => {
    describe('over stdio', () => {
      let s: StdioServer;
      beforeAll(async () => {
        s = await startStdio(['--browser', browser]);
      });
      afterAll(async () => {
        if (s.child.exitCode === null) s.child.kill('SIGKILL');
      });

      it('lists Playwright MCP’s tools with schemas and hints, and not the gated one', async () => {
        const { tools } = await s.client.listTools();
        const names = tools.map((t) => t.name);
        for (const n of ['browser_navigate', 'browser_snapshot', 'browser_click', 'browser_type', 'browser_take_screenshot', 'browser_tabs', 'browser_fill_form', 'browser_diff', 'browser_session']) expect(names).toContain(n);
        expect(names).not.toContain('browser_evaluate');
        const click = tools.find((t) => t.name === 'browser_click');
        expect(click?.inputSchema.required).toEqual(['target']);
        expect(click?.annotations).toMatchObject({ readOnlyHint: false, title: 'Click' });
        expect(tools.find((t) => t.name === 'browser_snapshot')?.annotations?.readOnlyHint).toBe(true);
        const gated = await s.client.callTool({ name: 'browser_evaluate', arguments: { function: '() => 1' } });
        expect(gated.isError).toBe(true);
        expect(textOf(gated)).toMatch(/^Error permission_denied \(gated\): .*--allow-eval/);
      });

      // First in the session, so its refs are among those the page spells out (it forges e1…e200).
      it('scopes a snapshot by ref, never by page text that spells out the ref', async () => {
        const F = SECURITY_FIXTURE.forgery;
        const page = textOf(await s.client.callTool({ name: 'browser_navigate', arguments: { url: at(F.path) } }));
        const region = refOf(page, `region "${F.region}"`);
        const scoped = await s.client.callTool({ name: 'browser_snapshot', arguments: { scope: region } });
        expect(scoped.isError).toBeFalsy();
        expect(textOf(scoped)).not.toContain(F.forged);
        expect(textOf(scoped)).toContain(`region "${F.region}" [${region}]`);
        expect(textOf(scoped)).toContain(F.button);
      });

      it('navigates, types and clicks by ref and by selector, and answers each step with its diff', async () => {
        const nav = await s.client.callTool({ name: 'browser_navigate', arguments: { url: at(T.login.path) } });
        const page = textOf(nav);
        expect(page).toMatch(new RegExp(`^Page: "Sign in" ${at(T.login.path)} \\(rev \\d+\\)\\n`));
        const typed = await s.client.callTool({ name: 'browser_type', arguments: { target: refOf(page, 'textbox "Username"'), text: T.login.user } });
        expect(textOf(typed)).toMatch(/ \(rev \d+\)\n~ textbox "Username"( \[focused\])? value="ada" \[e\d+\]/);
        // structuredContent carries the diff once: its old lines, not the node tree or the rendered text again.
        const step = (typed.structuredContent as { snapshot: { diff: { changed: Array<{ was: string }> } } }).snapshot;
        expect(step.diff.changed.map((c) => c.was)).toContainEqual(expect.stringMatching(/^textbox "Username"/));
        expect(Object.keys(step)).not.toContain('snapshot');
        expect(Object.keys(step)).not.toContain('text');
        const pw = await s.client.callTool({ name: 'browser_type', arguments: { target: 'input[name=password]', text: T.login.password } });
        expect(pw.isError).toBeFalsy();
        const clicked = await s.client.callTool({ name: 'browser_click', arguments: { target: refOf(page, 'button "Sign in"'), element: 'Sign in button' } });
        const after = textOf(clicked);
        expect(after).toContain('Clicked Sign in button. The page navigated.');
        expect(after).toContain(`Page: "Account" ${at(T.account.path)}`);
        expect(after).toContain(T.login.welcome);
        expect((clicked.structuredContent as { clicked?: boolean }).clicked).toBe(true);
        const snap = await s.client.callTool({ name: 'browser_snapshot', arguments: { mode: 'interactive' } });
        expect(textOf(snap)).toMatch(/"Search" \[e\d+\]/);
      });

      it('answers a screenshot as an image block', async () => {
        const r = await s.client.callTool({ name: 'browser_take_screenshot', arguments: {} });
        const image = (r.content as Array<{ type: string; data?: string; mimeType?: string }>).find((b) => b.type === 'image');
        expect(image?.mimeType).toBe('image/png');
        expect(Buffer.from(image?.data ?? '', 'base64').subarray(1, 4).toString()).toBe('PNG');
        const jpeg = await s.client.callTool({ name: 'browser_take_screenshot', arguments: { type: 'jpeg' } });
        if (browser === 'safari') {
          // Classic WebDriver captures PNG only, and nothing re-encodes: refused by name.
          expect(textOf(jpeg)).toMatch(/^Error unsupported_target \(unsupported_option\): /);
        } else {
          const block = (jpeg.content as Array<{ type: string; data?: string; mimeType?: string }>).find((b) => b.type === 'image');
          expect(block?.mimeType).toBe('image/jpeg');
          expect([...Buffer.from(block?.data ?? '', 'base64').subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        }
      });

      it('answers errors as isError with the code, the cause and the repair in tool words', async () => {
        const unknown = await s.client.callTool({ name: 'browser_click', arguments: { target: 'e999999' } });
        expect(unknown.isError).toBe(true);
        expect(textOf(unknown)).toMatch(/^Error element_not_found \(unknown_ref\): .+\nRepair: browser_snapshot/);
        const old = textOf(await s.client.callTool({ name: 'browser_navigate', arguments: { url: at(T.search.path) } }));
        const box = refOf(old, 'searchbox');
        await s.client.callTool({ name: 'browser_navigate', arguments: { url: at(T.table.path) } });
        const stale = await s.client.callTool({ name: 'browser_type', arguments: { target: box, text: 'x' } });
        expect(textOf(stale)).toMatch(/^Error element_not_found \(stale_ref\): .+\nRepair: browser_snapshot/);
        const bad = await s.client.callTool({ name: 'browser_click', arguments: {} });
        expect(textOf(bad)).toMatch(/^Error invalid_request \(invalid_params\): browser_click: target: required/);
      });

      it('double-clicks, right-clicks and holds modifiers as Playwright MCP’s browser_click options ask', async () => {
        const page = textOf(await s.client.callTool({ name: 'browser_navigate', arguments: { url: `${clicks.origin()}/` } }));
        const target = refOf(page, 'button "Target"');
        // The page's log grows with every event; each click is judged by what it added.
        let before = 0;
        const logAfter = async (args: Record<string, unknown>) => {
          const r = await s.client.callTool({ name: 'browser_click', arguments: { target, element: 'Target', ...args } });
          if (r.isError) return textOf(r);
          const snap = textOf(await s.client.callTool({ name: 'browser_snapshot', arguments: { mode: 'full' } }));
          const events = (/log: ([^"\n]*)/.exec(snap)?.[1] ?? '').trim().split(' ').filter(Boolean);
          const added = events.slice(before);
          before = events.length;
          return `${textOf(r).split('\n')[0]} | ${added.join(' ')}`;
        };
        expect(await logAfter({ doubleClick: true })).toBe('Double-clicked Target. | click/1 click/2 dblclick/2');
        expect(await logAfter({ modifiers: ['ControlOrMeta', 'Shift'] })).toBe(`Clicked Target (holding ControlOrMeta+Shift). | click/1/${process.platform === 'darwin' ? 'M' : 'C'}S`);
        const right = await logAfter({ button: 'right' });
        if (browser === 'safari') {
          // WebKitGTK's WebDriver releases a right button as the left one (docs/clicks.md): refused, nothing sent.
          expect(right).toMatch(/^Error unsupported_target \(unsupported_option\): /);
        } else {
          expect(right).toBe('Clicked Target (right button). | contextmenu');
        }
      });

      it('exits when stdin closes and leaves no browser behind', async () => {
        const tree = descendantsOf(s.child.pid as number);
        expect(tree.length).toBeGreaterThan(0);
        const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
        s.child.stdin.end();
        const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 60_000))]);
        expect(code).toBe(0);
        await expect.poll(() => survivors(tree), { timeout: 15_000 }).toEqual([]);
        expect(s.stderr()).toContain('stopping: stdin closed');
      });
    });

    describe('over Streamable HTTP', () => {
      let h: HttpServer;
      const TOKEN = 'test-token-123';
      const out = mkdtempSync(join(tmpdir(), 'bp-mcp-eval-'));
      const input = mkdtempSync(join(tmpdir(), 'bp-mcp-input-'));
      beforeAll(async () => {
        h = await startHttp(['--browser', browser, '--token', TOKEN, '--allow-eval', '--output-dir', out, '--input-dir', input]);
      });
      afterAll(async () => {
        if (h.child.exitCode === null) await h.stop();
      });

      it('keeps two MCP sessions apart: cookies, pages, and their end', async () => {
        const a = await h.connect(TOKEN);
        const b = await h.connect(TOKEN);
        expect((await a.client.listTools()).tools.map((t) => t.name)).toContain('browser_evaluate');
        const login = textOf(await a.client.callTool({ name: 'browser_navigate', arguments: { url: at(T.login.path) } }));
        const filled = await a.client.callTool({
          name: 'browser_fill_form',
          arguments: {
            fields: [
              { name: 'Username', type: 'textbox', target: refOf(login, 'textbox "Username"'), value: T.login.user },
              { name: 'Password', type: 'textbox', target: refOf(login, 'textbox "Password"'), value: T.login.password },
            ],
          },
        });
        expect(textOf(filled)).toContain('Filled 2 fields.');
        expect(textOf(await a.client.callTool({ name: 'browser_press_key', arguments: { key: 'Enter' } }))).toContain(T.login.welcome);
        const other = textOf(await b.client.callTool({ name: 'browser_navigate', arguments: { url: at(T.account.path) } }));
        expect(other).toContain(T.account.signedOut);
        const tabsA = textOf(await a.client.callTool({ name: 'browser_tabs', arguments: { action: 'list' } }));
        const tabsB = textOf(await b.client.callTool({ name: 'browser_tabs', arguments: { action: 'list' } }));
        expect(tabsA.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(1);
        expect(tabsB).not.toContain(T.login.path);
        const evaluated = await b.client.callTool({ name: 'browser_evaluate', arguments: { function: '() => document.title' } });
        expect(textOf(evaluated)).toBe('Result (string): "Account"');
        const sessions = async () => (await b.client.callTool({ name: 'browser_status', arguments: {} })).structuredContent as { sessions: number };
        expect((await sessions()).sessions).toBe(2);
        await a.transport.terminateSession();
        await a.client.close();
        await expect.poll(async () => (await sessions()).sessions, { timeout: 30_000 }).toBe(1);
        await b.client.close();
      });

      it('runs code with --allow-eval from the call or a file, writes a value to a file, and refuses a group that is off', async () => {
        const c = await h.connect(TOKEN);
        try {
          await c.client.callTool({ name: 'browser_navigate', arguments: { url: at(T.account.path) } });
          const inline = await c.client.callTool({ name: 'browser_run_code_unsafe', arguments: { code: 'async () => document.title.length + 1' } });
          expect(textOf(inline)).toBe(`Result (number): ${'Account'.length + 1}`);
          // A file a person placed for the tools: in the input folder, which every session may read.
          writeFileSync(join(input, 'probe.js'), '() => ({ path: location.pathname, n: 6 * 7 })');
          const fromFile = await c.client.callTool({ name: 'browser_run_code_unsafe', arguments: { filename: 'probe.js' } });
          expect(textOf(fromFile)).toBe(`Result (object): ${JSON.stringify({ path: T.account.path, n: 42 })}`);
          const outside = await c.client.callTool({ name: 'browser_run_code_unsafe', arguments: { filename: '../../etc/passwd' } });
          expect(outside.isError).toBe(true);
          const saved = await c.client.callTool({ name: 'browser_evaluate', arguments: { function: '() => document.title', filename: 'title.json' } });
          const written = /(\/\S+title\.json)/.exec(textOf(saved))?.[1] ?? '';
          expect(written.startsWith(`${out}/session-`), textOf(saved)).toBe(true);
          expect(readFileSync(written, 'utf8')).toContain('Account');
          // A tool of a group the server was not started with is refused by name, with the flag that offers it.
          const off = await c.client.callTool({ name: 'browser_cookie_list', arguments: {} });
          expect(off.isError).toBe(true);
          expect(textOf(off)).toMatch(/^Error unsupported_method \(capability_off\): browser_cookie_list is in the opt-in group "storage": start the server with --caps storage/);
        } finally {
          await c.client.close();
        }
      });

      it('refuses a rebinding Host, a foreign Origin and a missing token', async () => {
        expect(await rawPost(h.url, { host: 'evil.example', authorization: `Bearer ${TOKEN}` })).toBe(403);
        expect(await rawPost(h.url, { origin: 'http://evil.example', authorization: `Bearer ${TOKEN}` })).toBe(403);
        // A page the driven browser opened on loopback (the fixture site) is another origin, not ours.
        expect(await rawPost(h.url, { origin: site.origin, authorization: `Bearer ${TOKEN}` })).toBe(403);
        expect(await rawPost(h.url, {})).toBe(401);
        expect(await rawPost(h.url, { authorization: 'Bearer wrong-token-!!' })).toBe(401);
        expect(await rawPost(h.url, { authorization: `Bearer ${TOKEN}` })).toBe(200);
      });

      it('stops on SIGTERM and leaves no browser behind', async () => {
        const tree = descendantsOf(h.child.pid as number);
        expect(await h.stop()).toBe(143);
        await expect.poll(() => survivors(tree), { timeout: 15_000 }).toEqual([]);
      });
    });
  });
}

const engines = ENGINES.filter(engineReady);
describe.skipIf(engines.length < 2)(`mcp --browser ${engines.join(',')}: one server, every engine`, () => {
  const LABEL = { firefox: /Firefox/, chrome: /Chrom/, safari: /WebKit|Safari|MiniBrowser/ } as const;
  let s: StdioServer;
  beforeAll(async () => {
    s = await startStdio(['--browser', engines.join(',')]);
  });
  afterAll(async () => {
    s.child.stdin.end();
    await new Promise((r) => s.child.once('exit', r));
  });

  it('routes browser_session {browser} to each engine, and a page works on each', async () => {
    for (const engine of engines) {
      const started = await s.client.callTool({ name: 'browser_session', arguments: { browser: engine } });
      expect(textOf(started)).toMatch(new RegExp(`^Session on .*\\(${engine}\\)`));
      expect(textOf(started)).toMatch(LABEL[engine]);
      const page = textOf(await s.client.callTool({ name: 'browser_navigate', arguments: { url: at(T.order.path) } }));
      const clicked = await s.client.callTool({ name: 'browser_click', arguments: { target: refOf(page, 'checkbox "Gift wrap"') } });
      expect(textOf(clicked)).toMatch(/~ checkbox "Gift wrap" \[checked\]/);
    }
    const wrong = await s.client.callTool({ name: 'browser_session', arguments: { browser: 'netscape' } });
    expect(textOf(wrong)).toMatch(/^Error unsupported_target \(browser_family\)/);
  });
});

describe.skipIf(engines.length === 0)(`mcp --http --http-idle-timeout 2 --browser ${engines[0]}`, () => {
  let h: HttpServer;
  beforeAll(async () => {
    h = await startHttp(['--browser', engines[0] as string, '--http-idle-timeout', '2']);
  });
  afterAll(async () => {
    if (h.child.exitCode === null) await h.stop();
  });

  it('closes a session left without a request, and its browser session; a new client starts afresh', async () => {
    const a = await h.connect();
    a.client.onerror = () => undefined;
    const page = textOf(await a.client.callTool({ name: 'browser_navigate', arguments: { url: at(T.login.path) } }));
    expect(page).toContain('Page: "Sign in"');
    await expect.poll(() => h.stderr(), { timeout: 60_000 }).toContain('an MCP session had no request for 2 s');
    await expect(a.client.callTool({ name: 'browser_snapshot', arguments: {} })).rejects.toThrow(/404|Session not found/);
    await a.client.close();
    const b = await h.connect();
    const sessions = async () => ((await b.client.callTool({ name: 'browser_status', arguments: {} })).structuredContent as { sessions: number }).sessions;
    await expect.poll(sessions, { timeout: 30_000 }).toBe(0);
    const again = textOf(await b.client.callTool({ name: 'browser_navigate', arguments: { url: at(T.account.path) } }));
    expect(again).toContain(T.account.signedOut);
    await b.transport.terminateSession();
    await b.client.close();
  });
});

describe('mcp --http', () => {
  it('refuses to listen on a non-loopback address', () => {
    let out = '';
    try {
      execFileSync(process.execPath, [BIN, 'mcp', '--browser', 'firefox', '--http', '0.0.0.0:8931'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      out = String((e as { stderr?: string }).stderr);
    }
    expect(out).toContain('0.0.0.0 is not a loopback address');
  });
});
