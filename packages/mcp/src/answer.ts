import { catalogEntry } from '@browser-provider/core';
import type { ErrorObject, WireRepair } from '@browser-provider/protocol';

/** What a tool answers: text for the model, the protocol result for programs, maybe an image. */
export interface ToolAnswer {
  text: string;
  structured?: Record<string, unknown>;
  image?: { data: string; mimeType: string };
}

/** A row of the tool table, as far as the vocabulary needs it. */
interface ToolRow {
  name: string;
  method: string | undefined;
  /** The tool's arguments: a repair passes only arguments that parse with it. */
  input?: { shape: Record<string, unknown>; safeParse(args: unknown): { success: boolean } };
}

interface Offered {
  tool: string;
  params?: Record<string, unknown>;
  row: ToolRow;
}

/**
 * How protocol words become tool words in what a model reads: a repair names `page.snapshot`, the
 * model calls `browser_snapshot`. A session's vocabulary knows only the tools it offers (`--caps`,
 * flags, engines), and a repair it says always parses with the tool it names:
 * - A cause of the error catalog says its MCP repair itself (core's catalog, `repair.mcp`): tool
 *   calls in order of preference; the first this session offers is named, else the hint alone.
 * - Any other repair (a backend's own) is translated by the tool table: the tool whose `method` it
 *   is, the params it takes under their tool names, checked with the tool's schema; when they do
 *   not parse, the tool without arguments if that parses, else the hint alone.
 */
export class Vocabulary {
  readonly #toolOf = new Map<string, Offered>();
  readonly #byName = new Map<string, ToolRow>();

  constructor(rows: readonly ToolRow[]) {
    for (const r of rows) {
      this.#byName.set(r.name, r);
      if (r.method !== undefined && !this.#toolOf.has(r.method)) this.#toolOf.set(r.method, { tool: r.name, row: r });
    }
    // Several tab methods are one tool with an action.
    const tabs = rows.find((r) => r.name === 'browser_tabs');
    if (tabs === undefined) return;
    for (const [method, action] of [['tab.list', 'list'], ['tab.new', 'new'], ['tab.close', 'close'], ['tab.activate', 'select']] as const) {
      this.#toolOf.set(method, { tool: tabs.name, params: { action }, row: tabs });
    }
  }

  tool(method: string): { tool: string; params?: Record<string, unknown> } | undefined {
    const t = this.#toolOf.get(method);
    return t === undefined ? undefined : { tool: t.tool, ...(t.params !== undefined ? { params: t.params } : {}) };
  }

  /** Whether this session offers `tool`. */
  offers(tool: string): boolean {
    return this.#byName.has(tool);
  }

  /** Protocol method names in a sentence, said as the tools that do them. */
  speak(text: string): string {
    return text.replace(/\b[a-z]+\.[a-z_]+\b/g, (m) => {
      const t = this.#toolOf.get(m);
      if (t === undefined) return m;
      return t.params?.action !== undefined ? `${t.tool} (action "${String(t.params.action)}")` : t.tool;
    });
  }

  /**
   * A repair as a tool call: the tool, arguments that parse with its schema, and the hint. `e` (the
   * error's code and details) lets a catalog cause say its own MCP repair.
   */
  repair(r: WireRepair, e?: Pick<ErrorObject, 'code' | 'details'>): string {
    const mcp = e !== undefined ? catalogEntry(e.code, e.details.code)?.repair?.mcp : undefined;
    if (mcp !== undefined) {
      const said = mcp({ method: r.method, hint: r.hint, details: e?.details ?? {}, params: r.params ?? {} });
      for (const call of said.calls) {
        const row = this.#byName.get(call.tool);
        const args = call.args ?? {};
        if (row !== undefined && parses(row, args)) return line(call.tool, args, this.speak(call.hint ?? said.hint));
      }
      return this.speak(said.hint);
    }
    const hint = r.hint ? this.speak(r.hint) : '';
    const t = this.#toolOf.get(r.method);
    if (t === undefined) return hint;
    const takes = t.row.input !== undefined ? new Set(Object.keys(t.row.input.shape)) : undefined;
    const args = Object.fromEntries(Object.entries({ ...t.params, ...toolArgs(r.params ?? {}) }).filter(([k]) => takes === undefined || takes.has(k)));
    if (parses(t.row, args)) return line(t.tool, args, hint);
    const bare = t.params ?? {};
    return parses(t.row, bare) ? line(t.tool, bare, hint) : hint;
  }

  /** An `isError` answer: the code (and finer cause), what happened, and how to repair it. */
  error(e: ErrorObject): ToolAnswer {
    const detail = typeof e.details.code === 'string' ? ` (${e.details.code})` : '';
    const repair = e.details.repair;
    const lines = [`Error ${e.code}${detail}: ${this.speak(e.message)}`];
    const said = repair !== undefined ? this.repair(repair, e) : '';
    if (said !== '') lines.push(`Repair: ${said}`);
    else if (e.retryable) lines.push('It may succeed if tried again.');
    return { text: lines.join('\n'), structured: { error: e } };
  }
}

const parses = (row: ToolRow, args: Record<string, unknown>) => row.input === undefined || row.input.safeParse(args).success;

function line(tool: string, args: Record<string, unknown>, hint: string): string {
  const shown = Object.keys(args).length > 0 ? ` ${JSON.stringify(args)}` : '';
  return `${tool}${shown}${hint ? ` — ${hint}` : ''}`;
}

/** Params the tools name differently; session and page ids are the link's business, not the model's. */
function toolArgs(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'session_id' || k === 'page_id' || k === 'timeout_ms') continue;
    if (k === 'element_ref' || k === 'selector') out.target = v;
    else if (k === 'prompt_text') out.promptText = v;
    else if (k === 'text_present') out.text = v;
    else if (k === 'text_absent') out.textGone = v;
    else if (k === 'browser_preference') out.browser = v;
    else out[k] = v;
  }
  return out;
}

/** `Page: "Title" https://…` — the line every page answer carries. */
export function pageLine(p: { url?: string | undefined; title?: string | undefined }): string {
  return `Page: ${p.title ? `${JSON.stringify(p.title)} ` : ''}${p.url ?? '(unknown url)'}`;
}

/** The envelope's warnings (a dialog answered, a page opened, a download ended), one per line. */
export function notes(vocab: Vocabulary, warnings: readonly string[]): string[] {
  return warnings.map((w) => `Note: ${vocab.speak(w)}`);
}
