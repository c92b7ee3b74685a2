import { Dispatcher, Provider } from '@browser-provider/core';
import { createBackend, type BrowserName } from '../browsers';

/** One session driven through core's dispatcher on a real backend, for the behaviour tests of this package. */
export interface DispatchSession {
  /** The call's result in the session; an error answer fails the test with the error it carried. */
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, any>>;
  /** The page's outline text, every list expanded. */
  snapshot(): Promise<string>;
  /** The warnings of the last call that succeeded. */
  warnings(): string[];
  /** What `expression` evaluates to in the page (needs `allowEval`). */
  evaluate(expression: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function openDispatchSession(browser: BrowserName, o: { allowEval?: boolean } = {}): Promise<DispatchSession> {
  const backend = await createBackend(browser);
  const d = new Dispatcher(new Provider({ backend, log: () => undefined, allowEval: o.allowEval ?? false }));
  let n = 0;
  let sid: string | undefined;
  let warnings: string[] = [];
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    const env = await d.handle({ protocol_version: '0.1', id: `t${++n}`, method, params: { ...(sid !== undefined ? { session_id: sid } : {}), timeout_ms: 60_000, ...params } });
    if (!env.ok) throw new Error(`${method} failed: ${JSON.stringify(env.error)}`);
    warnings = env.warnings ?? [];
    return env.result as Record<string, any>;
  };
  try {
    sid = String((await call('session.ensure')).session_id);
  } catch (e) {
    await backend.shutdown();
    throw e;
  }
  return {
    call,
    warnings: () => warnings,
    snapshot: async () => String((await call('page.snapshot', { collapse: false })).text),
    evaluate: async (expression) => (await call('page.eval', { expression })).value,
    close: () => backend.shutdown(),
  };
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ref of the outline line `<role> "<name>" … [eN]`, or undefined when there is none. */
export function refOf(text: string, role: string, name: string): string | undefined {
  return new RegExp(`^\\s*${role} ${esc(JSON.stringify(name))}.* \\[(e\\d+)\\]$`, 'm').exec(text)?.[1];
}
