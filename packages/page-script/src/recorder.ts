/**
 * The listener recorder: a tiny script that must run in the page's own (main) world before the page's
 * scripts, so it sees their `addEventListener` calls for click, mousedown, mouseup, pointerdown,
 * pointerup, touchstart, dragstart and drop — d3's and jQuery's `.on('click')` end there too — and
 * `el.onclick = …` assignments. A drag is pressed like a click (a sortable listens for mousedown or
 * pointerdown), and an HTML5 drag starts or lands where dragstart or drop is heard. When asked it
 * also reads the handlers front-end libraries keep on the nodes (./handler-reader.ts), which needs no
 * early start. BiDi backends register it as a preload script
 * without a sandbox, and evaluate it in the page's realm at install too; on classic WebDriver (no
 * preload) the page script runs it at install, the earliest the engine allows.
 *
 * Trust: the page can read, patch or fake all of this. That is acceptable because the only use of what
 * it reports is to *add* `clickable` lines to a snapshot; it never decides whether we act, so a page
 * that lies here only lies about itself.
 *
 * The hand-over crosses realms through the DOM, never through JS objects (a BiDi sandbox does not see
 * main-world properties): asked with an ASK event on window, the recorder dispatches a REPORT event on
 * each recorded element that is still connected; the asker collects the targets.
 */

import { HANDLER_READER_BODY } from './handler-reader';

/** Dispatched on window by the page script to ask for the recorded elements. */
export const CLICKABLES_ASK_EVENT = '__bp_clickables_ask';
/** Dispatched on each recorded element in answer (non-bubbling, composed; seen by capture on window). */
export const CLICKABLES_REPORT_EVENT = '__bp_clickable';

/**
 * Plain JavaScript in a string, not a function's `toString()`: TypeScript loaders and minifiers may add
 * helper calls to a function body (esbuild's keepNames `__name`) that do not exist in the page.
 * The event names are the constants above; a unit test runs this source in jsdom.
 */
const RECORDER_BODY = `
const g = globalThis;
const mark = Symbol.for('browser-provider.listener-recorder');
if (g[mark] || typeof EventTarget !== 'function' || typeof Element !== 'function') return;
Object.defineProperty(g, mark, { value: true });
const types = { click: true, mousedown: true, pointerdown: true, mouseup: true, pointerup: true, touchstart: true, dragstart: true, drop: true };
const ElementCtor = Element;
const EventCtor = Event;
const WeakRefCtor = typeof WeakRef === 'function' ? WeakRef : undefined;
const proto = EventTarget.prototype;
const add = proto.addEventListener;
const seen = new WeakSet();
let refs = [];
const note = (target) => {
  if (!(target instanceof ElementCtor) || seen.has(target)) return;
  seen.add(target);
  refs.push(WeakRefCtor ? new WeakRefCtor(target) : { deref: () => target });
};
// A bare addEventListener(...) call (strict code, no receiver) means the window, as the native one
// treats it; passing undefined on through call() would throw in Firefox.
proto.addEventListener = function addEventListener(type, listener, options) {
  const self = this === undefined || this === null ? g : this;
  if (types[type] === true && listener) note(self);
  return add.call(self, type, listener, options);
};
for (const name of ['onclick', 'onmousedown', 'onpointerdown', 'ontouchstart', 'ondragstart', 'ondrop']) {
  const d = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
  const set = d && d.set;
  if (!set) continue;
  Object.defineProperty(HTMLElement.prototype, name, {
    get: d.get, enumerable: d.enumerable, configurable: true,
    set(v) { if (typeof v === 'function') note(this); set.call(this, v); },
  });
}
${HANDLER_READER_BODY}
add.call(g, ${JSON.stringify(CLICKABLES_ASK_EVENT)}, () => {
  const found = new Set();
  const live = [];
  for (const r of refs) {
    const el = r.deref();
    if (!el) continue;
    live.push(r);
    if (el.isConnected) found.add(el);
  }
  refs = live;
  try { readHandlers(found); } catch {}
  for (const el of found) el.dispatchEvent(new EventCtor(${JSON.stringify(CLICKABLES_REPORT_EVENT)}, { composed: true }));
}, true);
`;

/** The recorder as a preload script's function declaration (BiDi `script.addPreloadScript`). */
export function listenerRecorderSource(): string {
  return `function () {${RECORDER_BODY}}`;
}

/** The recorder as an expression to evaluate (installs once per realm; later runs do nothing). */
export function listenerRecorderExpression(): string {
  return `(function () {${RECORDER_BODY}})()`;
}
