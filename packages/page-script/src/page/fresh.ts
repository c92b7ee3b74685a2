/**
 * Classic WebDriver has no sandbox realm: our script runs in the page's realm after the page's own
 * scripts, so anything it reaches through a global or a prototype may be the page's. The realm our
 * checks take their functions from is a new frame's, made and checked so that the page cannot hand
 * us one of its own (issue 22):
 *
 * - Reached only through the window's indexed frames (`window[k]`), which a page can neither define
 *   nor redefine, and counted with `delete window[k]` (false, or a TypeError in strict code, exactly
 *   for an existing frame). Never through `contentWindow` / `contentDocument`, which it can replace.
 * - Given a `srcdoc`, so it loads later: inserting a frame without one fires its load event at once
 *   (WebKitGTK 2.50), and a page's capturing listener would run inside our insertion with the new
 *   realm in reach. With it, no page code runs between the insertion and our taking of functions,
 *   unless the calls that made the frame were the page's.
 * - Checked with the new realm's own Function.prototype.toString: the calls that made it
 *   (createElement, setAttribute, documentElement, appendChild) and everything taken from it must be
 *   native functions of the expected name. That catches a replaced call (a JS function or a Proxy;
 *   WebKit names a Proxy `ProxyObject`), which could have run while the frame was made.
 *
 * What stays out of reach: a page that replaces one of those calls with a forwarder that also forges
 * the new realm's toString (or puts the original back before we look) can still hand us a realm it
 * patched. Only a sandbox realm (BiDi) closes that. Comparisons here use only syntax (`===`, `+`,
 * `typeof`) and the new realm's functions, never a page-reachable method such as RegExp#exec.
 */

export type Win = typeof globalThis & Record<string, { prototype?: object } | undefined>;

export type Fresh = { ok: true; w: Win; isNative: (f: unknown, name: string) => boolean } | { ok: false; why: string };

/** How many frames `win` has; the page cannot change what `delete` answers for its indexed frames. */
function framesIn(win: Window): number {
  const indexed = win as unknown as Record<number, unknown>;
  for (let k = 0; k < 10_000; k++) {
    try {
      if (delete indexed[k]) return k;
    } catch {
      // Strict code: deleting an existing frame's index throws.
    }
  }
  return -1;
}

/** The forms engines print a native function in (JSC and SpiderMonkey, V8; V8 prefixes getters). */
function nativeForms(name: string): string[] {
  return [`function ${name}() {\n    [native code]\n}`, `function ${name}() { [native code] }`, `function get ${name}() { [native code] }`, `function set ${name}() { [native code] }`];
}

function checker(w: Win): (f: unknown, name: string) => boolean {
  const toString = w.Function.prototype.toString;
  const call = w.Function.prototype.call;
  // Bound once: later calls look nothing up on the page's or the realm's prototypes.
  const source = call.bind(toString) as (f: unknown) => string;
  const isNative = (f: unknown, name: string): boolean => {
    if (typeof f !== 'function') return false;
    let text: string;
    try {
      text = source(f);
    } catch {
      return false;
    }
    const forms = nativeForms(name);
    for (let i = 0; i < forms.length; i++) if (text === forms[i]) return true;
    return false;
  };
  if (!isNative(toString, 'toString') || !isNative(call, 'call') || !isNative(w.Function.prototype.bind, 'bind')) {
    return () => false;
  }
  return isNative;
}

/** The function found for `name` on `obj`'s prototype chain, read with the new realm's own functions. */
function found(w: Win, obj: object, name: string, kind: 'value' | 'get'): unknown {
  const getOwn = w.Object.getOwnPropertyDescriptor;
  const protoOf = w.Object.getPrototypeOf;
  for (let o: object | null = obj; o; o = protoOf(o) as object | null) {
    const d = getOwn(o, name);
    if (d) return d[kind];
  }
  return undefined;
}

/** Opens the frame and checks it (see above); `ok: false` says why its functions cannot be trusted. */
export function freshRealm(): Fresh {
  // `window` and `document` are [LegacyUnforgeable]: the page cannot replace them.
  const before = framesIn(window);
  const frame = document.createElement('iframe');
  frame.setAttribute('srcdoc', '');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('style', 'position:fixed;width:0;height:0;border:0;visibility:hidden');
  const root = document.documentElement;
  root.appendChild(frame);
  const after = framesIn(window);
  const refuse = (why: string): Fresh => {
    try {
      frame.remove();
    } catch {
      // The page's remove; nothing we rely on.
    }
    return { ok: false, why: `${why}, so this page's checks cannot be trusted` };
  };
  if (before < 0 || after !== before + 1) return refuse('making a frame did not add exactly one frame to the window');
  const w = (window as unknown as Record<number, Win | undefined>)[after - 1];
  if (!w || (w as unknown) === window || w.document === document) return refuse('the new frame has no realm of its own');
  const isNative = checker(w);
  const made: Array<[object, string, 'value' | 'get']> = [
    [document, 'createElement', 'value'],
    [frame, 'setAttribute', 'value'],
    [document, 'documentElement', 'get'],
    [root, 'appendChild', 'value'],
    [w.Object, 'getOwnPropertyDescriptor', 'value'],
    [w.Object, 'getPrototypeOf', 'value'],
  ];
  // Indexed, not for-of or destructuring: those go through the page's Array iterator.
  for (let i = 0; i < made.length; i++) {
    const row = made[i]!;
    if (!isNative(found(w, row[0], row[1], row[2]), row[1])) return refuse(`the page replaced ${row[1]}`);
  }
  return { ok: true, w, isNative };
}
