import { FIXTURE } from '@browser-provider/conformance';
// The MCP package's own test harness: it starts `mcp --http` from the CLI's bin and owns the SDK client.
import { startHttp, type HttpServer } from '@browser-provider/mcp/testing';
import { onlySteps, settle, type Outcome, type SoakTarget } from './soak-target';

type Tool = [name: string, args: Record<string, unknown>];

/**
 * The soak over MCP (`--mcp`): `mcp --http` on loopback, one MCP client (and so one MCP session, and
 * one browser session behind it) per soak session, ended with the session's DELETE.
 */
export async function mcpTarget(browser: string, origin: string, callTimeoutMs: number, steps?: string[]): Promise<SoakTarget> {
  const server: HttpServer = await startHttp(['--browser', browser]);
  const url = (path: string) => `${origin}${path}`;
  const { home, form, delayed } = FIXTURE;
  const VALID: Tool[] = [
    ['browser_navigate', { url: url(home.path) }],
    ['browser_navigate', { url: url(form.path) }],
    ['browser_navigate', { url: url(delayed.path) }],
    ['browser_snapshot', {}],
    ['browser_click', { target: '#press', element: 'Press button' }],
    ['browser_type', { target: '#name', text: 'soak', element: 'Name field' }],
    ['browser_wait_for', { text: delayed.after }],
    ['browser_take_screenshot', {}],
    ['browser_tabs', { action: 'list' }],
  ];
  const INVALID: Tool[] = [
    ['browser_teleport', {}],
    ['browser_click', { target: 'button[[' }],
    ['browser_navigate', { url: 42 }],
    ['browser_click', { target: 'e999999' }],
    ['browser_type', { target: '#nothing-here', text: 'x' }],
  ];
  // `--steps`: only the calls of the tools named (`snapshot` or `browser_snapshot`; `invalid:<name>` for invalid ones).
  const chosen = steps === undefined ? VALID : onlySteps(VALID, INVALID, steps, (t) => t[0]);
  const clients = new Map<string, Awaited<ReturnType<HttpServer['connect']>>>();
  const tool = (sid: string, [name, args]: Tool): Promise<Outcome> =>
    settle(name, async () => {
      const c = clients.get(sid);
      if (c === undefined) throw new Error('no such soak session');
      try {
        const r = await c.client.callTool({ name, arguments: args }, undefined, { timeout: callTimeoutMs + 30_000 });
        return r.isError === true ? 'tool_error' : 'ok';
      } catch (e) {
        // A JSON-RPC error (unknown tool, invalid arguments) is an answer; anything else was lost.
        const code = (e as { code?: unknown }).code;
        if (typeof code === 'number') return `jsonrpc_${code}`;
        throw e;
      }
    });
  return {
    label: 'MCP over Streamable HTTP',
    pid: server.child.pid as number,
    ready: async () => undefined,
    async open(name) {
      const outcome = await settle('connect', async () => {
        clients.set(name, await server.connect());
        return 'ok';
      });
      if (outcome.code !== 'ok') return { outcome };
      // The browser session starts with the first tool call: open a page so the session is real.
      const first = await tool(name, VALID[0]!);
      return first.code === 'ok' ? { outcome: first, sid: name } : { outcome: first };
    },
    step: (sid, valid, pick) => tool(sid, pick(steps !== undefined ? chosen : valid ? VALID : INVALID)),
    close: (sid) =>
      settle('close', async () => {
        const c = clients.get(sid);
        clients.delete(sid);
        await c?.transport.terminateSession();
        await c?.client.close();
        return 'ok';
      }),
    async recycle() {
      const { client, transport } = await server.connect();
      try {
        const r = await client.callTool({ name: 'browser_status', arguments: {} });
        return (r.structuredContent as { recycle?: { recycles: number; sessions_served: number } } | undefined)?.recycle;
      } finally {
        await transport.terminateSession().catch(() => undefined);
        await client.close();
      }
    },
    async end() {
      for (const sid of [...clients.keys()]) await clients.get(sid)?.client.close().catch(() => undefined);
      await server.stop();
    },
  };
}
