import { ProviderClient, FIXTURE, SERVER_NODE_FLAGS } from '@browser-provider/conformance';
import { onlySteps, settle, type SoakTarget } from './soak-target';

type Call = [method: string, params: (sid: string) => Record<string, unknown>];

/** The soak over the protocol: `serve` on stdio, one provider session per soak session. */
export function protocolTarget(bin: string, browser: string, origin: string, callTimeoutMs: number, steps?: string[]): SoakTarget {
  const client = new ProviderClient({ command: [process.execPath, ...SERVER_NODE_FLAGS, bin, 'serve', '--browser', browser], defaultTimeoutMs: callTimeoutMs + 30_000 });
  const url = (path: string) => `${origin}${path}`;
  const { home, form, delayed } = FIXTURE;
  const VALID: Call[] = [
    ['page.open', (sid) => ({ session_id: sid, url: url(home.path) })],
    ['page.open', (sid) => ({ session_id: sid, url: url(form.path) })],
    ['page.open', (sid) => ({ session_id: sid, url: url(delayed.path) })],
    ['page.snapshot', (sid) => ({ session_id: sid })],
    ['page.snapshot', (sid) => ({ session_id: sid, mode: 'interactive' })],
    ['page.click', (sid) => ({ session_id: sid, selector: '#press' })],
    ['page.type', (sid) => ({ session_id: sid, selector: '#name', text: 'soak' })],
    ['page.wait', (sid) => ({ session_id: sid, text_present: delayed.after, timeout_ms: 3_000 })],
    ['page.screenshot', (sid) => ({ session_id: sid })],
    ['tab.list', (sid) => ({ session_id: sid })],
    ['provider.status', () => ({})],
  ];
  const INVALID: Call[] = [
    ['page.teleport', (sid) => ({ session_id: sid })],
    ['page.click', (sid) => ({ session_id: sid, selector: 'button[[' })],
    ['page.open', (sid) => ({ session_id: sid, url: 42 })],
    ['page.snapshot', (sid) => ({ session_id: sid, page_id: 'page_nope' })],
    ['page.click', (sid) => ({ session_id: sid, element_ref: 'e_not_a_ref' })],
    ['page.snapshot', () => ({ session_id: 'sess_nope' })],
    ['page.type', (sid) => ({ session_id: sid, selector: '#nothing-here', text: 'x', timeout_ms: 1_000 })],
  ];
  // `--steps`: only the calls of the methods named (`page.snapshot`; `invalid:<name>` for invalid ones).
  const chosen = steps === undefined ? VALID : onlySteps(VALID, INVALID, steps, (c) => c[0]);
  const call = (method: string, params: Record<string, unknown>, onOk?: (result: unknown) => void) =>
    settle(method, async () => {
      const deadline = (params.timeout_ms as number | undefined) ?? callTimeoutMs;
      // The client waits for the call's own deadline and a margin: a session.ensure given 60 s that
      // answers at 50 s was answered, not lost (the old fixed 45 s wait counted those as lost).
      const env = await client.call(method, { ...params, timeout_ms: deadline }, { timeoutMs: deadline + 30_000 });
      if (env.ok) onOk?.(env.result);
      return env.ok ? 'ok' : env.error.code;
    });
  return {
    label: 'protocol over stdio',
    get pid() {
      return client.pid as number;
    },
    ready: async () => void (await client.call('provider.status', {})),
    async open(name) {
      let sid: string | undefined;
      const outcome = await call('session.ensure', { client_session_id: name, timeout_ms: 60_000 }, (r) => (sid = (r as { session_id: string }).session_id));
      return sid === undefined ? { outcome } : { outcome, sid };
    },
    step(sid, valid, pick) {
      const [method, params] = pick(steps !== undefined ? chosen : valid ? VALID : INVALID);
      return call(method, params(sid));
    },
    close: (sid) => call('session.close', { session_id: sid }),
    async recycle() {
      const env = await client.call('provider.status', {});
      return env.ok ? (env.result as { recycle?: { recycles: number; sessions_served: number } }).recycle : undefined;
    },
    end: async () => void (await client.close()),
  };
}
