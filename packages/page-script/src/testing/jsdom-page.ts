/**
 * Unit-test harness: a jsdom window with the real bundle evaluated in it, and a typed op caller that
 * goes through the same `call` path (JSON in, JSON out) that OP_CALLER uses in browsers.
 * jsdom has no layout: the harness installs with the `noLayout` option, so every box counts as sized
 * (never a guess from the page's user agent, which a page can fake).
 */
import { JSDOM } from 'jsdom';
import type { OpArgs, OpName, OpResult } from '../contract';
import { installSource, PAGE_SCRIPT_GLOBAL, pageScriptSource } from '../host';

export interface JsdomPage {
  dom: JSDOM;
  window: JSDOM['window'];
  document: Document;
  call<K extends OpName>(op: K, ...args: OpArgs<K>): Promise<OpResult<K>>;
  /** Raw reply string, for checking the envelope itself. */
  raw(op: string, argsJson: string): Promise<string>;
  /** Evaluates the bundle again (installs are idempotent). */
  install(): void;
}

export function jsdomPage(html: string, url = 'https://example.test/page'): JsdomPage {
  const dom = new JSDOM(html, { url, runScripts: 'outside-only', pretendToBeVisual: true });
  const window = dom.window;
  const install = () => {
    window.eval(installSource(pageScriptSource(), { noLayout: true }));
  };
  install();
  const raw = (op: string, argsJson: string): Promise<string> => {
    const bp = (window as unknown as Record<string, { call(op: string, a: string): Promise<string> }>)[PAGE_SCRIPT_GLOBAL];
    if (!bp) throw new Error('page script not installed');
    return bp.call(op, argsJson);
  };
  return {
    dom,
    window,
    document: window.document,
    install,
    raw,
    async call(op, ...args) {
      const reply = JSON.parse(await raw(op, JSON.stringify(args))) as { ok: boolean; value?: unknown; error?: string };
      if (!reply.ok) throw new Error(`op ${op} failed in page: ${reply.error}`);
      return reply.value as never;
    },
  };
}
