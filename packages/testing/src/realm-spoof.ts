/**
 * Pages that try to hand our checks a realm they patched (issue 22, item 1): on classic WebDriver the
 * page script takes its DOM functions from a new frame, and each row replaces one thing on the way
 * to that frame's realm, so that its hit test and event path name #target while a transparent
 * overlay covers it. A row passes when the click check refuses: `obscured` (the realm we got was not
 * the page's) or `untrusted_realm` (we saw the page replace a call on the way). Sandboxed engines
 * (BiDi) never look at the page's realm, so they refuse every row as `obscured`.
 */

/** The page's own means: the hit test and event path of realm `w` made to name #target. */
const PATCH = `
  const target = () => document.getElementById('target');
  const winOf = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow').get;
  const patch = (w) => {
    for (const P of [w.Document.prototype, w.ShadowRoot.prototype]) {
      P.elementFromPoint = function () { return target(); };
      P.elementsFromPoint = function () { return [target()]; };
    }
    const path = w.Event.prototype.composedPath;
    w.Event.prototype.composedPath = function () { return [target(), ...path.call(this)]; };
  };
  /** A realm of the page's own making, patched before we arrive. */
  const made = () => {
    const own = document.createElement('iframe');
    own.style.display = 'none';
    document.documentElement.appendChild(own);
    const w = winOf.call(own);
    patch(w);
    return w;
  };
  /** Runs fn on the realm of every frame whose load event the page sees. */
  const onFrameLoad = (fn) => document.addEventListener('load', (e) => {
    const w = e.target instanceof HTMLIFrameElement ? winOf.call(e.target) : null;
    if (w) fn(w);
  }, true);
`;

/** Within a realm w, the native hit tests and what the page answers instead. */
const FAKES = `
  const fakesOf = (w) => new Map([
    [w.Document.prototype.elementFromPoint, function () { return target(); }],
    [w.Document.prototype.elementsFromPoint, function () { return [target()]; }],
  ]);
`;

export interface RealmSpoofRow {
  /** What the page replaces on the way to the realm. */
  accessor: string;
  /** Its inline <head> script, run before anything of ours. */
  script: string;
  /** How classic WebDriver refuses it (sandboxed engines: always `obscured`). */
  classic: 'obscured' | 'untrusted_realm';
}

export const REALM_SPOOF_ROWS: RealmSpoofRow[] = [
  {
    accessor: 'HTMLIFrameElement.prototype.contentWindow getter',
    script: `const fake = made();
      Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', { configurable: true, get() { return fake; } });`,
    classic: 'obscured',
  },
  {
    accessor: 'Document.prototype.createElement',
    script: `const fake = made();
      const create = Document.prototype.createElement;
      Document.prototype.createElement = function (name, ...rest) {
        if (String(name).toLowerCase() !== 'iframe') return create.call(this, name, ...rest);
        const div = create.call(this, 'div');
        Object.defineProperty(div, 'contentWindow', { get: () => fake });
        return div;
      };`,
    classic: 'untrusted_realm',
  },
  {
    accessor: 'Node.prototype.appendChild',
    script: `const append = Node.prototype.appendChild;
      Node.prototype.appendChild = function (n) {
        const r = append.call(this, n);
        if (n instanceof HTMLIFrameElement) patch(winOf.call(n));
        return r;
      };`,
    classic: 'untrusted_realm',
  },
  {
    accessor: 'Document.prototype.body / documentElement getters',
    script: `const append = Node.prototype.appendChild;
      for (const name of ['body', 'documentElement']) {
        const get = Object.getOwnPropertyDescriptor(Document.prototype, name).get;
        Object.defineProperty(Document.prototype, name, { configurable: true, get() {
          const el = get.call(this);
          if (el) el.appendChild = function (n) { const r = append.call(this, n); if (n instanceof HTMLIFrameElement) patch(winOf.call(n)); return r; };
          return el;
        } });
      }`,
    classic: 'untrusted_realm',
  },
  {
    accessor: "a capturing 'load' listener (the frame's hit test)",
    script: 'onFrameLoad(patch);',
    classic: 'obscured',
  },
  {
    accessor: "a capturing 'load' listener (the frame's Object.getOwnPropertyDescriptor)",
    script: `${FAKES} onFrameLoad((w) => {
      const fakes = fakesOf(w);
      const own = w.Object.getOwnPropertyDescriptor;
      w.Object.getOwnPropertyDescriptor = function (o, k) {
        const d = own(o, k);
        return d && fakes.has(d.value) ? { ...d, value: fakes.get(d.value) } : d;
      };
    });`,
    classic: 'obscured',
  },
  {
    accessor: "a capturing 'load' listener (the frame's Function.prototype.call)",
    script: `${FAKES} onFrameLoad((w) => {
      const fakes = fakesOf(w);
      const call = w.Function.prototype.call;
      w.Function.prototype.call = function (self, ...args) {
        return fakes.has(this) ? fakes.get(this)() : Reflect.apply(call, this, [self, ...args]);
      };
    });`,
    classic: 'obscured',
  },
  {
    accessor: "a capturing 'load' listener (the frame's Function.prototype.bind)",
    script: `${FAKES} onFrameLoad((w) => {
      const fakes = fakesOf(w);
      const bind = w.Function.prototype.bind;
      const call = w.Function.prototype.call;
      // Uncurrying a native (call.bind(fn)) yields the page's answer instead.
      w.Function.prototype.bind = function (...args) {
        return this === call && fakes.has(args[0]) ? fakes.get(args[0]) : Reflect.apply(bind, this, args);
      };
    });`,
    classic: 'obscured',
  },
  {
    accessor: "a capturing 'load' listener (the frame's Node.prototype.parentNode getter)",
    script: `onFrameLoad((w) => {
      const parent = Object.getOwnPropertyDescriptor(w.Node.prototype, 'parentNode').get;
      Object.defineProperty(w.Node.prototype, 'parentNode', { configurable: true, get() {
        return this.id === 'overlay' ? target() : parent.call(this);
      } });
    });`,
    classic: 'obscured',
  },
];

/** The page of one row: #target under a transparent overlay that counts its clicks. */
export function realmSpoofPage(row: RealmSpoofRow, page: (head: string, body: string) => string, overlay: string): string {
  return page(
    `<script>(() => {${PATCH}${row.script}})();</script>`,
    `<button id="target" style="position:absolute;left:20px;top:20px;width:120px;height:40px">Pay</button>${overlay}`,
  );
}
