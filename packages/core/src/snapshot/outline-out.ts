import { keepShape } from '../toolkit/shapes';
import { ESCAPE_MAX, writeEscape } from '../transport/json-escape';
import { quote } from './notation';

/**
 * Where ./outline.ts writes a snapshot's lines, part by part: one string per line (`LineOut`, what a
 * diff keys on), or one text (`TextOut`, a full snapshot's answer). Parts, not finished lines: the
 * text of a 1,000-row page is 5,000 lines, and making each one as strings first (a quoted name, the
 * role and name, the ref, the target, the joined line, the indented line) was 2.4 MB of short-lived
 * strings per snapshot, the largest share of the server's allocation under --optimize-for-size.
 */
export interface Out {
  /** Whether lines need their keys (a diff's identity); the text alone does not. */
  readonly keys: boolean;
  /**
   * Set by a table cell before its first part: the next raw part's leading space is not written (a
   * cell is trimmed, and only its name part comes without one).
   */
  dropSpace: boolean;
  /** Starts a line, `depth` levels in. */
  open(depth: number): void;
  /** Our own notation (roles, refs, states, targets, counts): written as it is. */
  raw(s: string): void;
  /** A page string, quoted as notation.ts's `quote` quotes it. */
  quoted(s: string): void;
  /** Ends the line begun by `open`. */
  close(key: string, ref: string | undefined, parentRef: string | undefined): void;
}

export interface OutlineLine {
  /** Stable identity across snapshots: the element ref, or a path from the nearest ref for text. */
  key: string;
  ref?: string;
  parentRef?: string;
  depth: number;
  text: string;
}

/** Each line as a string with its key and refs. */
export class LineOut implements Out {
  readonly lines: OutlineLine[] = [];
  dropSpace = false;
  /** The line's parts, joined once at its end: one flat string, not a chain of concatenations. */
  readonly #parts: string[] = [];
  #depth = 0;

  constructor(readonly keys: boolean) {}

  open(depth: number): void {
    this.#parts.length = 0;
    this.#depth = depth;
  }

  raw(s: string): void {
    if (this.dropSpace) {
      this.dropSpace = false;
      if (s.charCodeAt(0) === 0x20) s = s.slice(1);
    }
    this.#parts.push(s);
  }

  quoted(s: string): void {
    this.dropSpace = false;
    this.#parts.push(quote(s));
  }

  close(key: string, ref: string | undefined, parentRef: string | undefined): void {
    const parts = this.#parts;
    const l: OutlineLine = { key, depth: this.#depth, text: parts.length === 1 ? (parts[0] as string) : parts.join('') };
    if (ref) l.ref = ref;
    if (parentRef) l.parentRef = parentRef;
    this.lines.push(l);
  }
}

/** Thrown by TextOut for a part it cannot hold as UTF-8 (a lone surrogate): the caller writes lines instead. */
export class NotUtf8 extends Error {}

/** A UTF-16 surrogate without its pair (JSON.stringify escapes one; UTF-8 cannot hold it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The whole text as UTF-8 bytes in one growing buffer, decoded once at the end: the same string as
 * the lines joined with newlines (two spaces of indent a level), with no string made per part.
 */
export class TextOut implements Out {
  readonly keys = false;
  dropSpace = false;
  #buf = Buffer.allocUnsafe(64 * 1024);
  #at = 0;
  #lines = 0;

  #room(n: number): void {
    if (this.#at + n <= this.#buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.#buf.length * 2, this.#at + n));
    this.#buf.copy(next, 0, 0, this.#at);
    this.#buf = next;
  }

  open(depth: number): void {
    this.#room(1 + 2 * depth);
    const buf = this.#buf;
    let at = this.#at;
    if (this.#lines++ > 0) buf[at++] = 0x0a;
    for (let i = 2 * depth; i > 0; i--) buf[at++] = 0x20;
    this.#at = at;
  }

  raw(s: string): void {
    let from = 0;
    if (this.dropSpace) {
      this.dropSpace = false;
      if (s.charCodeAt(0) === 0x20) from = 1;
    }
    const n = s.length;
    this.#room(n - from);
    const buf = this.#buf;
    let at = this.#at;
    for (let i = from; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) {
        // Past ASCII: the rest as UTF-8, which cannot hold a lone surrogate.
        const rest = s.slice(i);
        if (LONE_SURROGATE.test(rest)) throw new NotUtf8();
        this.#at = at;
        this.#room(rest.length * 3);
        this.#at += this.#buf.write(rest, this.#at, 'utf8');
        return;
      }
      buf[at++] = c;
    }
    this.#at = at;
  }

  /** `quote(s)` written byte by byte; anything past ASCII, and a `[` (which may open a ref), take quote's own answer. */
  quoted(s: string): void {
    this.dropSpace = false;
    const n = s.length;
    const start = this.#at;
    this.#room(n + 2);
    let buf = this.#buf;
    let at = start;
    buf[at++] = 0x22;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c) {
        if (c > 0x7f || c === 0x5b) {
          this.#at = start;
          this.raw(quote(s));
          return;
        }
        buf[at++] = c;
        continue;
      }
      // Room for the escape, the rest as plain characters and the closing quote.
      if (at + ESCAPE_MAX + (n - i) + 1 > buf.length) {
        this.#at = at;
        this.#room(ESCAPE_MAX + (n - i) + 1);
        buf = this.#buf;
      }
      at = writeEscape(buf, at, c);
    }
    buf[at++] = 0x22;
    this.#at = at;
  }

  close(): void {}

  text(): string {
    return this.#buf.toString('utf8', 0, this.#at);
  }
}

// One of each writer kept for good (its 64 KB buffer included): a full GC between two snapshots would
// otherwise discard the outline's optimized code.
keepShape(new TextOut());
keepShape(new LineOut(false));
