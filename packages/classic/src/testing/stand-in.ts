import { PAGE_SCRIPT_GLOBAL, PAGE_SCRIPT_VERSION } from '@browser-provider/page-script';

/**
 * A tiny stand-in for the page script, for backend tests that must not depend on the real one:
 * the same global, version, `call(op, argsJson)` entry and `element(id)` lookup, and a few ops with
 * the contract's shapes.
 * `sleep` is test-only (to hold a call open while the driver is killed).
 */
export function standInPageScript(): string {
  return `(() => {
  if (globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}]) return;
  const byId = new Map(); const ids = new WeakMap(); let next = 1;
  const idOf = (el) => { if (!ids.has(el)) { ids.set(el, next); byId.set(next, el); next++; } return ids.get(el); };
  const doc = Math.random().toString(36).slice(2);
  globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}] = {
    version: ${JSON.stringify(PAGE_SCRIPT_VERSION)},
    element: (id) => byId.get(id) || null,
    call: async (op, argsJson) => {
      const self = globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}];
      try { return JSON.stringify({ ok: true, value: await self.ops[op](...JSON.parse(argsJson)) }); }
      catch (e) { return JSON.stringify({ ok: false, error: String(e && e.message || e) }); }
    },
    ops: {
      doc: () => doc,
      query: (q) => ({ ok: true, doc, matches: [...document.querySelectorAll(q.selector)].slice(0, q.limit)
        .map((el) => ({ id: idOf(el), role: el.localName, name: (el.textContent || '').trim() })), iframes: [] }),
      value: (d, id) => { const el = byId.get(id); return el && 'value' in el ? el.value : null; },
      metrics: () => ({ viewportWidth: innerWidth, viewportHeight: innerHeight, scrollX, scrollY,
        documentWidth: document.documentElement.scrollWidth, documentHeight: document.documentElement.scrollHeight,
        devicePixelRatio }),
      info: () => ({ url: location.href, title: document.title, text: document.body ? document.body.innerText : '' }),
      sleep: (ms) => new Promise((r) => setTimeout(() => r(ms), ms)),
    },
  };
})();`;
}
