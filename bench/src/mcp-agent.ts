import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/**
 * A scripted model for `pnpm bench --mcp`: it takes each step only from what it has read, the same
 * way on every server. It looks for an element's ref in the answers it has read on the current page
 * (newest first) and, only when the ref is not there, calls browser_snapshot. Every answer it reads
 * is counted: calls, characters of text content (what reaches a model), and time.
 */

export interface Step {
  tool: string;
  chars: number;
  /** JSON size of structuredContent, which most clients keep from the model (not in `chars`). */
  structured: number;
  ms: number;
}

export class TaskFailed extends Error {}

type Content = Array<{ type: string; text?: string }>;
const REF = /\[(?:ref=)?(f?[0-9]*e[0-9]+)\]/;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Agent {
  readonly steps: Step[] = [];
  /** What the model has read since the page last changed document. */
  #page: string[] = [];

  constructor(readonly client: Client) {}

  /** Calls a tool and reads its answer; `navigates` says the model expects another document. */
  async call(tool: string, args: Record<string, unknown>, opts: { navigates?: boolean } = {}): Promise<string> {
    const t0 = performance.now();
    const r = await this.client.callTool({ name: tool, arguments: args }, undefined, { timeout: 120_000 });
    const ms = performance.now() - t0;
    const text = ((r.content ?? []) as Content)
      .filter((b) => b.type === 'text')
      .map((b) => b.text ?? '')
      .join('\n');
    this.steps.push({ tool, chars: text.length, structured: r.structuredContent ? JSON.stringify(r.structuredContent).length : 0, ms });
    if (opts.navigates) this.#page = [];
    this.#page.push(text);
    if (r.isError) throw new TaskFailed(`${tool} ${JSON.stringify(args)}: ${text.slice(0, 300)}`);
    return text;
  }

  /** The refs on lines `role "name"` in one answer, newest answer first, in page order. */
  #find(role: string, name: RegExp): string[][] {
    const line = new RegExp(`(?:^|[\\s-])${esc(role)} "([^"]*)"`);
    return [...this.#page].reverse().map((text) =>
      text.split('\n').flatMap((l) => {
        const m = line.exec(l);
        const ref = REF.exec(l);
        return m && ref && name.test(m[1] as string) ? [ref[1] as string] : [];
      }),
    );
  }

  /** The ref of the element `role "name"`, from what was read, or from a snapshot when it was not. */
  async ref(role: string, name: string): Promise<string> {
    const want = new RegExp(`^${esc(name)}$`);
    let hit = this.#find(role, want).find((refs) => refs.length > 0)?.[0];
    if (hit === undefined) {
      await this.call('browser_snapshot', {});
      hit = this.#find(role, want)[0]?.[0];
    }
    if (hit === undefined) throw new TaskFailed(`no ${role} "${name}" on the page`);
    return hit;
  }

  /** The refs of at least `n` elements `role` whose names match, in page order. */
  async refs(role: string, name: RegExp, n: number): Promise<string[]> {
    let hit = this.#find(role, name).find((refs) => refs.length >= n);
    if (hit === undefined) {
      await this.call('browser_snapshot', {});
      hit = this.#find(role, name)[0];
    }
    if (hit === undefined || hit.length < n) throw new TaskFailed(`fewer than ${n} ${role} matching ${name}`);
    return hit;
  }

  /**
   * The name of the page's first heading of `level`, from what was read, else after one snapshot:
   * its quoted name, or, where the outline leaves that to its content, the name on the line below.
   */
  async heading(level: number): Promise<string> {
    const line = new RegExp(`(?:^|[\\s-])heading(?: "([^"]*)")? \\[level=${level}\\]`);
    const named = (text: string) => {
      const lines = text.split('\n');
      const at = lines.findIndex((l) => line.test(l));
      if (at < 0) return undefined;
      return line.exec(lines[at] as string)?.[1] ?? /"([^"]*)"/.exec(lines[at + 1] ?? '')?.[1];
    };
    const seen = () => [...this.#page].reverse().map(named).find((h) => h !== undefined);
    let h = seen();
    if (h === undefined) {
      await this.call('browser_snapshot', {});
      h = seen();
    }
    if (h === undefined) throw new TaskFailed(`no heading of level ${level} on the page`);
    return h;
  }

  /** Whether the page shows `text`: in what was read, else after one snapshot. */
  async sees(text: string): Promise<boolean> {
    if (this.#page.some((t) => t.includes(text))) return true;
    return (await this.call('browser_snapshot', {})).includes(text);
  }

  /** The first line after the one naming `key` that matches `value` (a table row's next cell). */
  #after(key: string, value: RegExp): string | undefined {
    for (const text of [...this.#page].reverse()) {
      const lines = text.split('\n');
      for (let at = 0; at < lines.length; at++) {
        if (!(lines[at] as string).includes(`"${key}"`)) continue;
        for (const l of lines.slice(at + 1, at + 4)) {
          const m = value.exec(l);
          if (m) return m[1];
        }
      }
    }
    return undefined;
  }

  /** Reads a value next to `key`: from what was read, else with browser_find, else a snapshot. */
  async read(key: string, value: RegExp): Promise<string | undefined> {
    let v = this.#after(key, value);
    if (v === undefined) {
      await this.call('browser_find', { text: key });
      v = this.#after(key, value);
    }
    if (v === undefined) {
      await this.call('browser_snapshot', {});
      v = this.#after(key, value);
    }
    return v;
  }
}
