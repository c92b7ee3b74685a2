import { FIXTURE } from '@browser-provider/conformance';
import { refOf, startHttp, textOf, type HttpServer } from '@browser-provider/mcp/testing';
import { StdioProvider } from '../stdio-client';

/**
 * What the capacity ramp drives: one server per engine and surface, and agents on it. An agent's round
 * is what a model does on the conformance fixture site: open the home page, read it, click its button;
 * open the form, read it, type into its field. Each step throws when it was not answered with success.
 */
export const STEPS = ['open', 'snapshot', 'click', 'type'] as const;
export type Step = (typeof STEPS)[number];

export interface Agent {
  /** One round: runs each step, reporting its kind and wall time. */
  round(onStep: (kind: Step, ms: number) => void): Promise<void>;
  close(): Promise<void>;
}

export interface Surface {
  label: string;
  /** The server process (sampled with everything it started). */
  readonly pid: number;
  agent(name: string): Promise<Agent>;
  end(): Promise<void>;
}

/** Times `run`, reporting it as `kind`. */
async function timed<T>(kind: Step, onStep: (kind: Step, ms: number) => void, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const v = await run();
  onStep(kind, performance.now() - t0);
  return v;
}

/** Room for every agent of the ramp: the server's default session limit (16) would refuse the rest. */
const LIMITS = ['--max-sessions', '200'];

/** The protocol over stdio (`serve`), through the bench's thin client. */
export function protocolSurface(engine: string, origin: string): Surface {
  const p = new StdioProvider(engine, LIMITS);
  const call = async (method: string, params: Record<string, unknown>) => {
    const a = await p.send(method, { timeout_ms: 60_000, ...params }, 90_000);
    if (!a.ok) throw new Error(`${method}: ${a.error?.code}: ${a.error?.message}`);
    return a.result as Record<string, unknown>;
  };
  const refIn = (snap: Record<string, unknown>, role: string) => {
    const ref = (snap.elements as Array<{ element_ref: string; role: string }>).find((e) => e.role === role)?.element_ref;
    if (ref === undefined) throw new Error(`snapshot: no ${role}`);
    return ref;
  };
  return {
    label: 'protocol over stdio',
    pid: p.pid,
    async agent(name) {
      const sid = String((await call('session.ensure', { client_session_id: name, timeout_ms: 120_000 })).session_id);
      return {
        async round(onStep) {
          await timed('open', onStep, () => call('page.open', { session_id: sid, url: `${origin}${FIXTURE.home.path}` }));
          const home = await timed('snapshot', onStep, () => call('page.snapshot', { session_id: sid }));
          await timed('click', onStep, () => call('page.click', { session_id: sid, element_ref: refIn(home, 'button') }));
          await timed('open', onStep, () => call('page.open', { session_id: sid, url: `${origin}${FIXTURE.form.path}` }));
          const form = await timed('snapshot', onStep, () => call('page.snapshot', { session_id: sid }));
          await timed('type', onStep, () => call('page.type', { session_id: sid, element_ref: refIn(form, 'textbox'), text: 'capacity', replace: true }));
        },
        close: async () => void (await call('session.close', { session_id: sid }).catch(() => undefined)),
      };
    },
    end: () => p.close(),
  };
}

/** MCP over Streamable HTTP (`mcp --http`): one MCP client, and so one browser session, per agent. */
export async function mcpSurface(engine: string, origin: string): Promise<Surface> {
  const server: HttpServer = await startHttp(['--browser', engine, ...LIMITS]);
  return {
    label: 'MCP over Streamable HTTP',
    pid: server.child.pid as number,
    async agent() {
      const { client, transport } = await server.connect();
      const tool = async (name: string, args: Record<string, unknown>) => {
        const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 });
        if (r.isError === true) throw new Error(`${name}: ${textOf(r).slice(0, 300)}`);
        return textOf(r);
      };
      return {
        async round(onStep) {
          // browser_navigate answers with the page's outline already; the snapshot step is the model reading it again.
          await timed('open', onStep, () => tool('browser_navigate', { url: `${origin}${FIXTURE.home.path}` }));
          const home = await timed('snapshot', onStep, () => tool('browser_snapshot', {}));
          await timed('click', onStep, () => tool('browser_click', { target: refOf(home, FIXTURE.home.button), element: 'Press me button' }));
          await timed('open', onStep, () => tool('browser_navigate', { url: `${origin}${FIXTURE.form.path}` }));
          const form = await timed('snapshot', onStep, () => tool('browser_snapshot', {}));
          await timed('type', onStep, () => tool('browser_type', { target: refOf(form, FIXTURE.form.inputLabel), text: 'capacity', element: 'Your name field' }));
        },
        async close() {
          await transport.terminateSession().catch(() => undefined);
          await client.close().catch(() => undefined);
        },
      };
    },
    end: async () => void (await server.stop()),
  };
}
