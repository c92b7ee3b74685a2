/**
 * `${JSON.stringify(value)}\n` as UTF-8 bytes, byte for byte, without ever building the whole JSON
 * as one string.
 *
 * A big answer (a 1,000-row snapshot is 1.4 MB of JSON) is costly as one string: JSON.stringify
 * returns it as a rope of parts, and the first write flattens that into a fresh large-object
 * allocation (twice the size once one character is outside Latin-1) before converting it to UTF-8.
 * Measured on Node 20 with that answer, the flattening alone took 5–10 ms, the whole
 * write 12–18 ms. Here the top levels of the value are walked and long arrays are stringified a
 * batch of elements at a time, so every string stays small; the pieces are then written into one
 * buffer.
 */

/** Arrays at least this long are written in batches of BATCH elements. */
const SPLIT_MIN = 64;
const BATCH = 128;
/** How deep plain objects and arrays are walked; below this, values are stringified whole. */
const MAX_DEPTH = 4;

/** Marks that the next piece is a further batch of the array the previous piece ended. */
const NEXT_BATCH = 0;
type Piece = string | typeof NEXT_BATCH;

const COMMA = 0x2c;
const NEWLINE = 0x0a;

function isPlainObject(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** Appends the JSON of `value` to `out`; false (nothing appended) where JSON.stringify omits it. */
function collect(value: unknown, depth: number, out: Piece[]): boolean {
  if (depth < MAX_DEPTH && typeof value === 'object' && value !== null) {
    if (Array.isArray(value)) {
      if (value.length >= SPLIT_MIN) {
        for (let i = 0; i < value.length; i += BATCH) {
          if (i > 0) out.push(NEXT_BATCH);
          out.push(JSON.stringify(value.slice(i, i + BATCH)));
        }
        return true;
      }
    } else if (isPlainObject(value)) {
      out.push('{');
      let first = true;
      for (const key of Object.keys(value)) {
        const at = out.length;
        out.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
        if (collect(value[key], depth + 1, out)) first = false;
        else out.length = at;
      }
      out.push('}');
      return true;
    }
  }
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) return false;
  out.push(json);
  return true;
}

/** Whether `collect` would split anything: an array of SPLIT_MIN or more where it walks. */
function hasLongArray(value: unknown, depth: number): boolean {
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.length >= SPLIT_MIN;
  if (!isPlainObject(value)) return false;
  for (const key of Object.keys(value)) if (hasLongArray(value[key], depth + 1)) return true;
  return false;
}

/**
 * One line of JSON: the same bytes as `Buffer.from(`${JSON.stringify(value)}\n`)`. Throws what
 * JSON.stringify throws (a cycle, a BigInt).
 */
export function jsonLine(value: unknown): Buffer {
  // Most answers are small: one stringify is cheaper than the pieces (0.9 vs 3.3 µs for a click's).
  if (!hasLongArray(value, 0)) {
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) throw new TypeError('value has no JSON form');
    return Buffer.from(`${json}\n`);
  }
  const pieces: Piece[] = [];
  if (!collect(value, 0, pieces)) throw new TypeError('value has no JSON form');
  let size = 1;
  for (const p of pieces) size += p === NEXT_BATCH ? -1 : Buffer.byteLength(p, 'utf8');
  const buf = Buffer.allocUnsafe(size);
  let at = 0;
  let join = false;
  for (const p of pieces) {
    if (p === NEXT_BATCH) {
      join = true;
      continue;
    }
    if (join) {
      // `[…a]` then `[b…]` becomes `[…a,b…]`: the batch's `[` overwrites the previous `]`, then is a comma.
      at -= 1;
      const start = at;
      at += buf.write(p, at, 'utf8');
      buf[start] = COMMA;
      join = false;
    } else at += buf.write(p, at, 'utf8');
  }
  buf[at] = NEWLINE;
  return buf;
}
