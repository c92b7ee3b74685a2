import { RequestId } from '@browser-provider/protocol';

/**
 * The `id` of a request read from the start of its line only, for a line too long to parse: so a
 * client waiting on that id hears that its request was refused. Scans the top-level object's members
 * in order and stops at the first `id`; gives null when the start is not a JSON object, the id is
 * not a string or number, or the head ends before the id does.
 */
export function leadingId(head: string): RequestId | null {
  const s = new Scanner(head);
  if (!s.eat('{')) return null;
  for (;;) {
    const key = s.string();
    if (key === undefined || !s.eat(':')) return null;
    if (key === 'id') {
      const value = s.scalar();
      const parsed = RequestId.safeParse(value);
      return parsed.success && s.endsValue() ? parsed.data : null;
    }
    if (!s.skipValue() || !s.eat(',')) return null;
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Scanner {
  #at = 0;
  constructor(private readonly text: string) {}

  #ws(): void {
    while (this.#at < this.text.length && ' \t\r\n'.includes(this.text[this.#at]!)) this.#at++;
  }

  eat(ch: string): boolean {
    this.#ws();
    if (this.text[this.#at] !== ch) return false;
    this.#at++;
    return true;
  }

  /** A complete JSON string token, decoded; undefined when there is none or it is cut off. */
  string(): string | undefined {
    this.#ws();
    if (this.text[this.#at] !== '"') return undefined;
    let i = this.#at + 1;
    while (i < this.text.length && this.text[i] !== '"') i += this.text[i] === '\\' ? 2 : 1;
    if (i >= this.text.length) return undefined;
    const token = this.text.slice(this.#at, i + 1);
    this.#at = i + 1;
    try {
      return JSON.parse(token) as string;
    } catch {
      return undefined;
    }
  }

  /** A string or number value; anything else is undefined. */
  scalar(): unknown {
    this.#ws();
    if (this.text[this.#at] === '"') return this.string();
    NUMBER.lastIndex = this.#at;
    const m = NUMBER.exec(this.text);
    if (m === null) return undefined;
    this.#at += m[0].length;
    return Number(m[0]);
  }

  /** The value just read is complete: what follows is `,` or `}` (not the head's end). */
  endsValue(): boolean {
    this.#ws();
    return this.text[this.#at] === ',' || this.text[this.#at] === '}';
  }

  /** Skips one value of any kind; false when the head ends inside it. */
  skipValue(): boolean {
    this.#ws();
    let depth = 0;
    while (this.#at < this.text.length) {
      const c = this.text[this.#at]!;
      if (c === '"') {
        if (this.string() === undefined) return false;
        if (depth === 0) return true;
        continue;
      }
      if (depth === 0 && (c === ',' || c === '}')) return true;
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') depth--;
      this.#at++;
      if (depth === 0 && (c === '}' || c === ']')) return true;
    }
    return false;
  }
}
