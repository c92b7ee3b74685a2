/**
 * Typed secrets, masked as the snapshot masks a password's value: one bullet per character. A secret
 * is masked wherever it shows in a step (arguments, answer, diff), and in every later step too. Short
 * secrets (under 4 characters) are masked only where a whole string equals them, so a one-letter
 * password does not blank every "a" of the report.
 */
export class Secrets {
  readonly #all = new Set<string>();

  add(secret: string): void {
    if (secret !== '') this.#all.add(secret);
  }

  get size(): number {
    return this.#all.size;
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.#all) {
      if (out === secret) return '•'.repeat(secret.length);
      if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join('•'.repeat(secret.length));
    }
    return out;
  }

  /** A JSON value with every string in it masked. */
  value<T>(v: T): T {
    if (this.#all.size === 0) return v;
    if (typeof v === 'string') return this.text(v) as T;
    if (Array.isArray(v)) return v.map((x: unknown) => this.value(x)) as T;
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.value(x)])) as T;
    return v;
  }
}
