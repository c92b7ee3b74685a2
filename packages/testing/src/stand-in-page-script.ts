import { PAGE_SCRIPT_GLOBAL, PAGE_SCRIPT_VERSION, pageScriptSource } from '@browser-provider/page-script';

/**
 * Test-only stand-in for the in-page program, used while `pageScriptSource()` is not implemented:
 * the few ops the backend tests call (doc, metrics, query by selector, rect, value) with the same
 * signatures as the contract. Tests prefer the real script once it exists.
 */
const STAND_IN = `(() => {
  const G = ${JSON.stringify(PAGE_SCRIPT_GLOBAL)};
  if (globalThis[G]) return;
  const ids = new WeakMap();
  const els = new Map();
  let next = 1;
  const doc = Math.random().toString(36).slice(2);
  const idOf = (el) => { let id = ids.get(el); if (!id) { id = next++; ids.set(el, id); els.set(id, el); } return id; };
  globalThis[G] = {
    version: ${JSON.stringify(PAGE_SCRIPT_VERSION)},
    element: (id) => els.get(id) || null,
    ops: {
      doc: () => doc,
      metrics: () => ({ viewportWidth: innerWidth, viewportHeight: innerHeight, scrollX, scrollY,
        documentWidth: document.documentElement.scrollWidth, documentHeight: document.documentElement.scrollHeight,
        devicePixelRatio }),
      query: (q) => ({ ok: true, doc,
        matches: [...document.querySelectorAll(q.selector)].slice(0, q.limit).map((e) => ({ id: idOf(e), role: e.localName, name: (e.textContent || '').trim() })),
        iframes: [...document.querySelectorAll('iframe')].map(idOf) }),
      rect: (d, id) => { const e = els.get(id); if (!e) return null; const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; },
      value: (d, id) => { const e = els.get(id); return e && 'value' in e ? e.value : null; },
    },
  };
})();`;

export const standInSource = (): string => STAND_IN;

/** The real page script when it is implemented, else the stand-in. */
export function testPageScript(): string {
  try {
    return pageScriptSource();
  } catch {
    return STAND_IN;
  }
}
