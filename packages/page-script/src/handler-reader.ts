/**
 * The handler reader: part of the listener recorder (./recorder.ts), run in the page's main world when
 * asked, finding the handlers front-end libraries keep on the DOM nodes themselves. Unlike recorded
 * listeners these need no preload: they are read when the snapshot asks, so classic WebDriver (WebKit)
 * sees them too, and they name the element the handler is for even where the library listens on its
 * root (React) or on the document (jQuery delegation).
 *
 * Where each library keeps them (checked on the pinned versions the fixture pages load):
 * - React 17+ (18.3): the element's props under `__reactProps$<random>` (`onClick`, `onMouseDown`, …,
 *   and their `…Capture` forms);
 * - Preact 10 (10.27): the listeners map `l` (mangled `_listeners`), keyed `<type><useCapture>`;
 * - Vue 3 (3.5): the invokers map under `Symbol('_vei')`, keyed `onClick`, `onMousedown`, `onClickCapture`;
 * - jQuery (3.7): the private data under the `jQuery<digits>` expando, its `events` map of handler
 *   objects; one with a `selector` is delegated, so the descendants it matches are the clickables;
 * - Alpine 3: the `@click` / `x-on:click` attributes inside an `x-data` root (not `.outside`,
 *   `.window` or `.document`, which listen elsewhere);
 * - SortableJS (1.15): its instance on the list under `Sortable<timestamp>` (with its `options`; not
 *   when `disabled`), the list that listens for the press on its items. The list counts as one with a
 *   handler, so the delegation rule (snapshot.md, "Dragged and picked items") makes its children items,
 *   as it does where the recorder saw the listener: on WebKit, which has no preload, only this finds it.
 *
 * Trust: as the recorder's — page-controlled data that can only add `clickable` lines. Every read is
 * guarded (a hostile getter throws into a catch), and the work is bounded: one pass over the
 * document's elements reading own keys, a capped number of delegated matches.
 *
 * Plain JavaScript in a string, like the recorder; it uses the recorder's `types` and `g`, and
 * defines `readHandlers(found)`, which adds the elements it finds to the Set `found`.
 */
export const HANDLER_READER_BODY = `
const ownKeys = Reflect.ownKeys;
const isArray = Array.isArray;
const MAX_DELEGATED = 5000;
const REACT_PROPS = ['onClick', 'onMouseDown', 'onMouseUp', 'onPointerDown', 'onPointerUp', 'onTouchStart'];
const reactHandles = (p) => {
  if (!p || typeof p !== 'object') return false;
  for (const n of REACT_PROPS) if (typeof p[n] === 'function' || typeof p[n + 'Capture'] === 'function') return true;
  return false;
};
const anyKey = (m, typeOf) => {
  if (!m || typeof m !== 'object') return false;
  for (const k of Object.keys(m)) if (m[k] && types[typeOf(k)] === true) return true;
  return false;
};
const preactType = (k) => k.replace(/(?:true|false)$/, '');
const vueType = (k) => k.replace(/^on:?/, '').replace(/(?:Once|Passive|Capture)+$/, '').toLowerCase();
let delegated = 0;
const jquery = (owner, data, found) => {
  const events = data && typeof data === 'object' ? data.events : undefined;
  if (!events || typeof events !== 'object') return;
  for (const type of Object.keys(events)) {
    const list = events[type];
    if (types[type] !== true || !isArray(list)) continue;
    for (const h of list) {
      const selector = h && h.selector;
      if (typeof selector !== 'string' || selector === '') {
        if (owner instanceof ElementCtor) found.add(owner);
        continue;
      }
      let matches;
      // jQuery's own extensions (:visible, a leading '>') are not CSS: those rows stay unlisted.
      try { matches = owner.querySelectorAll(selector); } catch { continue; }
      for (let i = 0; i < matches.length && delegated < MAX_DELEGATED; i++, delegated++) found.add(matches[i]);
    }
  }
};
const readKeys = (el, found) => {
  for (const k of ownKeys(el)) {
    if (typeof k === 'symbol') {
      if (k.description === '_vei' && anyKey(el[k], vueType)) found.add(el);
    } else if (k.startsWith('__reactProps$')) {
      if (reactHandles(el[k])) found.add(el);
    } else if (k === 'l') {
      if (anyKey(el[k], preactType)) found.add(el);
    } else if (k === '_vei') {
      if (anyKey(el[k], vueType)) found.add(el);
    } else if (k.startsWith('jQuery')) {
      jquery(el, el[k], found);
    } else if (k.startsWith('Sortable')) {
      const o = el[k] && el[k].options;
      if (o && typeof o === 'object' && o.disabled !== true) found.add(el);
    }
  }
};
const ALPINE_ELSEWHERE = { outside: true, window: true, document: true };
const alpine = (el, found) => {
  for (const a of el.attributes) {
    const n = a.name;
    const rest = n[0] === '@' ? n.slice(1) : n.startsWith('x-on:') ? n.slice(5) : '';
    if (!rest) continue;
    const parts = rest.split('.');
    if (types[parts[0]] === true && !parts.some((m) => ALPINE_ELSEWHERE[m] === true)) found.add(el);
  }
};
const readHandlers = (found) => {
  delegated = 0;
  const doc = g.document;
  if (!doc) return;
  // Delegation from the document itself (\`$(document).on('click', '.row', …)\`).
  try { readKeys(doc, found); } catch {}
  const all = doc.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    try { readKeys(all[i], found); } catch {}
  }
  const roots = doc.querySelectorAll('[x-data]');
  for (let r = 0; r < roots.length; r++) {
    const root = roots[r];
    // A nested x-data root was walked with its ancestor's.
    if (root.parentElement && root.parentElement.closest('[x-data]')) continue;
    try { alpine(root, found); } catch {}
    const inner = root.getElementsByTagName('*');
    for (let i = 0; i < inner.length; i++) {
      try { alpine(inner[i], found); } catch {}
    }
  }
};
`;
