/**
 * The in-page half of `page.eval`: a function source that evaluates the client's expression and
 * serializes the value safely, whatever it is. Plain JavaScript in a string (not a compiled function's
 * `toString()`, which a bundler may rewrite with helpers that do not exist in the page).
 *
 * Safe means: cycles become "[circular]", DOM nodes a short description, functions/symbols/bigints
 * strings, NaN/Infinity strings, at most MAX_ITEMS entries per array/object/map/set, MAX_DEPTH levels,
 * MAX_NODES values in all, and the JSON at most MAX_BYTES (else its prefix, as a string, with
 * `truncated: true`). A throwing getter is reported in place of its value.
 */
export const EVAL_MAX_BYTES = 1024 * 1024;
const MAX_DEPTH = 20;
const MAX_ITEMS = 1000;
const MAX_NODES = 100_000;

const SERIALIZE = `function (input, threw) {
  const MAX_BYTES = ${EVAL_MAX_BYTES}, MAX_DEPTH = ${MAX_DEPTH}, MAX_ITEMS = ${MAX_ITEMS};
  let budget = ${MAX_NODES}, truncated = false;
  const stack = [];
  const kind = (v) => {
    if (v === null) return 'null';
    const t = typeof v;
    if (t !== 'object') return t;
    if (Array.isArray(v)) return 'array';
    if (typeof Node === 'function' && v instanceof Node) return 'node';
    if (typeof Window === 'function' && v instanceof Window) return 'window';
    if (v instanceof Date) return 'date';
    if (v instanceof RegExp) return 'regexp';
    if (v instanceof Error) return 'error';
    if (v instanceof Map) return 'map';
    if (v instanceof Set) return 'set';
    if (typeof Promise === 'function' && v instanceof Promise) return 'promise';
    if (ArrayBuffer.isView(v)) return 'typedarray';
    return 'object';
  };
  const describeNode = (n) => {
    if (n.nodeType === 1) {
      let s = '<' + n.localName;
      if (n.id) s += ' id="' + n.id + '"';
      const c = typeof n.className === 'string' ? n.className.trim() : '';
      if (c) s += ' class="' + c.slice(0, 100) + '"';
      return s + '>';
    }
    if (n.nodeType === 3) return '#text ' + JSON.stringify(String(n.data).slice(0, 200));
    if (n.nodeType === 9) return '#document ' + (n.URL || '');
    return n.nodeName;
  };
  const str = (s) => (s.length > MAX_BYTES ? ((truncated = true), s.slice(0, MAX_BYTES)) : s);
  const walk = (v, depth) => {
    if (--budget < 0) { truncated = true; return '[truncated]'; }
    const k = kind(v);
    switch (k) {
      case 'null': case 'undefined': return null;
      case 'string': return str(v);
      case 'number': return Number.isFinite(v) ? v : String(v);
      case 'boolean': return v;
      case 'bigint': return v.toString();
      case 'symbol': return v.toString();
      case 'function': return '[function ' + (v.name || 'anonymous') + ']';
      case 'node': return describeNode(v);
      case 'window': return '[window]';
      case 'promise': return '[promise]';
      case 'date': return isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
      case 'regexp': return String(v);
    }
    if (stack.includes(v)) return '[circular]';
    if (depth >= MAX_DEPTH) { truncated = true; return '[max depth]'; }
    stack.push(v);
    try {
      if (k === 'error') return { name: String(v.name), message: str(String(v.message)), stack: typeof v.stack === 'string' ? str(v.stack) : undefined };
      if (k === 'array' || k === 'typedarray' || k === 'set') {
        const items = k === 'set' ? Array.from(v.values()) : v;
        const out = [];
        const n = Math.min(items.length, MAX_ITEMS);
        if (items.length > MAX_ITEMS) truncated = true;
        for (let i = 0; i < n; i++) out.push(walk(items[i], depth + 1));
        return out;
      }
      if (k === 'map') {
        const out = [];
        let i = 0;
        for (const [key, val] of v) {
          if (i++ >= MAX_ITEMS) { truncated = true; break; }
          out.push([walk(key, depth + 1), walk(val, depth + 1)]);
        }
        return out;
      }
      const out = {};
      let i = 0;
      for (const key of Object.keys(v)) {
        if (i++ >= MAX_ITEMS) { truncated = true; break; }
        let item;
        try { item = v[key]; } catch (e) { out[key] = '[getter threw: ' + String(e && e.message || e) + ']'; continue; }
        out[key] = walk(item, depth + 1);
      }
      return out;
    } finally {
      stack.pop();
    }
  };
  const type = kind(input);
  let json = JSON.stringify({ value: walk(input, 0), type, truncated, threw });
  if (json.length > MAX_BYTES) {
    json = JSON.stringify({ value: json.slice(0, MAX_BYTES), type, truncated: true, threw });
  }
  return json;
}`;

/**
 * The function a backend calls with no arguments (awaiting what it returns): it answers one JSON
 * string `{value, type, truncated, threw}`. The expression is pasted as source, not passed to
 * `eval`, so a page's Content-Security-Policy cannot refuse it.
 */
export function evalFunction(expression: string, awaitPromise: boolean): string {
  return `async function () {
  const serialize = ${SERIALIZE};
  let value;
  try {
    value = ${awaitPromise ? 'await ' : ''}(
${expression}
);
  } catch (e) {
    return serialize(e, true);
  }
  return serialize(value, false);
}`;
}
