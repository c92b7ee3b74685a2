/**
 * `${JSON.stringify(value)}\n` as UTF-8 bytes, byte for byte, without building the JSON as strings.
 *
 * A big answer (a 1,000-row snapshot is 1.4 MB of JSON) is costly as strings: JSON.stringify builds
 * its result as a rope of parts, and writing it flattens that into a fresh copy before converting it
 * to UTF-8. Under the server's --optimize-for-size (a 1 MB young generation) those 3–4 MB of
 * short-lived strings per answer were a quarter of a snapshot's allocation and most of its GC work.
 * So an answer holding a long array is written straight into a buffer: plain objects and arrays are
 * walked here, strings of printable ASCII are copied as they are, and anything else (a string to
 * escape or past ASCII, a toJSON, a class instance, a BigInt) takes JSON.stringify's own answer.
 */
import { keepShape } from '../toolkit/shapes';
import { ESCAPE_MAX, writeEscape } from './json-escape';

/** An answer with an array at least this long (where `hasLongArray` looks) is written by the walker. */
const SPLIT_MIN = 64;
/** How deep `hasLongArray` looks for one. */
const LOOK_DEPTH = 4;
/** Below this depth the walker hands a value to JSON.stringify (which also finds a cycle there). */
const MAX_DEPTH = 64;
/** Strings shorter than this, or with a character to escape, are copied a character at a time. */
const SHORT = 24;
/** How many distinct keys keep their written form. */
const KEY_CACHE_MAX = 1024;

/** A character JSON.stringify escapes, or one past ASCII (more than one UTF-8 byte). */
const NOT_PLAIN = /["\\\u0000-\u001f\u0080-\uffff]/;

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** Whether the walker pays: an array of SPLIT_MIN or more among the top levels of plain objects. */
function hasLongArray(value: unknown, depth: number): boolean {
  if (depth >= LOOK_DEPTH || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.length >= SPLIT_MIN;
  if (!isPlainObject(value)) return false;
  for (const key of Object.keys(value)) if (hasLongArray(value[key], depth + 1)) return true;
  return false;
}

const keyBytes = new Map<string, Buffer>();


/** A growing buffer the walker writes into. */
class Out {
  buf: Buffer;
  at = 0;

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  byte(b: number): void {
    this.room(1);
    this.buf[this.at++] = b;
  }

  /** Text already in JSON form, as UTF-8. */
  json(s: string): void {
    this.room(s.length * 3);
    this.at += this.buf.write(s, this.at, 'utf8');
  }

  /** A string value. */
  string(s: string): void {
    const n = s.length;
    if (n >= SHORT && !NOT_PLAIN.test(s)) {
      this.room(n + 2);
      this.buf[this.at++] = 0x22;
      this.at += this.buf.write(s, this.at, n, 'latin1');
      this.buf[this.at++] = 0x22;
      return;
    }
    // Escaped here as JSON.stringify escapes (a long text's quotes would otherwise cost a copy of it);
    // a string past ASCII takes JSON.stringify's answer, as UTF-8.
    this.room(n + 2);
    let buf = this.buf;
    let at = this.at;
    buf[at++] = 0x22;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c) {
        if (c > 0x7f) return this.json(JSON.stringify(s));
        buf[at++] = c;
        continue;
      }
      // Room for the escape, the rest as plain characters and the closing quote.
      if (at + ESCAPE_MAX + (n - i) + 1 > buf.length) {
        this.at = at;
        this.room(ESCAPE_MAX + (n - i) + 1);
        buf = this.buf;
      }
      at = writeEscape(buf, at, c);
    }
    buf[at++] = 0x22;
    this.at = at;
  }

  /** `"key":`, with a comma before it unless first. */
  key(k: string, first: boolean): void {
    if (!first) this.byte(0x2c);
    let b = keyBytes.get(k);
    if (b === undefined) {
      b = Buffer.from(`${JSON.stringify(k)}:`, 'utf8');
      if (keyBytes.size < KEY_CACHE_MAX) keyBytes.set(k, b);
    }
    this.room(b.length);
    this.buf.set(b, this.at);
    this.at += b.length;
  }
}

// One writer kept for good: a full GC between two answers would otherwise discard the writer's code.
keepShape(new Out(0));

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const NULL = Buffer.from('null');

function literal(out: Out, b: Buffer): void {
  out.room(b.length);
  out.buf.set(b, out.at);
  out.at += b.length;
}

/** Writes the JSON of `value`; false (nothing written) where JSON.stringify leaves it out. */
function write(value: unknown, depth: number, out: Out): boolean {
  switch (typeof value) {
    case 'string':
      out.string(value);
      return true;
    case 'boolean':
      literal(out, value ? TRUE : FALSE);
      return true;
    case 'number':
      if (Number.isFinite(value)) out.json(String(value));
      else literal(out, NULL);
      return true;
    case 'undefined':
    case 'function':
    case 'symbol':
      return false;
    case 'object':
      if (value === null) {
        literal(out, NULL);
        return true;
      }
      if (depth < MAX_DEPTH) {
        if (Array.isArray(value)) {
          out.byte(0x5b);
          for (let i = 0; i < value.length; i++) {
            if (i > 0) out.byte(0x2c);
            if (!write(value[i], depth + 1, out)) literal(out, NULL);
          }
          out.byte(0x5d);
          return true;
        }
        if (isPlainObject(value)) {
          out.byte(0x7b);
          let first = true;
          // for…in walks own keys in Object.keys' order without making an array; hasOwn skips inherited ones.
          for (const key in value) {
            if (!Object.hasOwn(value, key)) continue;
            const v = value[key];
            const t = typeof v;
            if (t === 'undefined' || t === 'function' || t === 'symbol') continue;
            out.key(key, first);
            write(v, depth + 1, out);
            first = false;
          }
          out.byte(0x7d);
          return true;
        }
      }
      break;
    case 'bigint':
      break;
  }
  // toJSON, class instances, boxed primitives, BigInt (which throws, as JSON.stringify does), depth.
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) return false;
  out.json(json);
  return true;
}

/**
 * One line of JSON: the same bytes as `Buffer.from(`${JSON.stringify(value)}\n`)`. Throws what
 * JSON.stringify throws (a cycle, a BigInt).
 */
export function jsonLine(value: unknown): Buffer {
  // Most answers are small: one stringify is cheaper than the walk (0.9 vs 3.3 µs for a click's).
  if (!hasLongArray(value, 0)) {
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) throw new TypeError('value has no JSON form');
    return Buffer.from(`${json}\n`);
  }
  const out = new Out(64 * 1024);
  if (!write(value, 0, out)) throw new TypeError('value has no JSON form');
  out.byte(0x0a);
  return out.buf.subarray(0, out.at);
}
