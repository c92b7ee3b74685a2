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

  /**
   * A JSON value with every string in it masked; `local` are this step's own short secrets (a key
   * pressed into a password field), also masked where they stand alone between non-letters ("Pressed
   * a."), which would blank every "a" if done in every step.
   */
  value<T>(v: T, local: readonly string[] = []): T {
    if (this.#all.size === 0 && local.length === 0) return v;
    if (typeof v === 'string') return this.#local(this.text(v), local) as T;
    if (Array.isArray(v)) return v.map((x: unknown) => this.value(x, local)) as T;
    if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.value(x, local)])) as T;
    return v;
  }

  #local(s: string, local: readonly string[]): string {
    let out = s;
    for (const secret of local) {
      if (secret === '') continue;
      const alone = new RegExp(`(?<![\\p{L}\\p{N}])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'gu');
      out = out.replace(alone, '•'.repeat([...secret].length));
    }
    return out;
  }
}
