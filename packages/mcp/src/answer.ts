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
  /** The tool's arguments: a repair passes only these. */
  input?: { shape: Record<string, unknown> };
}

/**
 * How protocol words become tool words in what a model reads: a repair names `page.snapshot`, the
 * model calls `browser_snapshot`. Built from the tool table (the tool whose `method` it is), plus the
 * few params whose names differ. A session's vocabulary knows only the tools it offers, so a
 * repair never names a tool that is off (`--caps`, flags, engines) or arguments its tool does not take.
 */
export class Vocabulary {
  readonly #toolOf = new Map<string, { tool: string; params?: Record<string, unknown>; takes?: ReadonlySet<string> }>();

  constructor(rows: readonly ToolRow[]) {
    const takes = (r: ToolRow) => (r.input !== undefined ? { takes: new Set(Object.keys(r.input.shape)) } : {});
    for (const r of rows) if (r.method !== undefined && !this.#toolOf.has(r.method)) this.#toolOf.set(r.method, { tool: r.name, ...takes(r) });
    // Several tab methods are one tool with an action.
    const tabs = rows.find((r) => r.name === 'browser_tabs');
    if (tabs === undefined) return;
    for (const [method, action] of [['tab.list', 'list'], ['tab.new', 'new'], ['tab.close', 'close'], ['tab.activate', 'select']] as const) {
      this.#toolOf.set(method, { tool: tabs.name, params: { action }, ...takes(tabs) });
    }
  }

  tool(method: string): { tool: string; params?: Record<string, unknown> } | undefined {
    return this.#toolOf.get(method);
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
   * A repair as a tool call: the tool, its arguments in the tool's names (those it takes), and the
   * hint. When no tool offered here does the repair's method, the hint alone: never a method name
   * the model cannot call.
   */
  repair(r: WireRepair): string {
    const hint = r.hint ? this.speak(r.hint) : '';
    const t = this.#toolOf.get(r.method);
    if (t === undefined) return hint;
    const args = Object.fromEntries(Object.entries({ ...t.params, ...toolArgs(r.params ?? {}) }).filter(([k]) => t.takes === undefined || t.takes.has(k)));
    const shown = Object.keys(args).length > 0 ? ` ${JSON.stringify(args)}` : '';
    return `${t.tool}${shown}${hint ? ` — ${hint}` : ''}`;
  }

  /** An `isError` answer: the code (and finer cause), what happened, and how to repair it. */
  error(e: ErrorObject): ToolAnswer {
    const detail = typeof e.details.code === 'string' ? ` (${e.details.code})` : '';
    const repair = e.details.repair;
    const lines = [`Error ${e.code}${detail}: ${this.speak(e.message)}`];
    const said = repair !== undefined ? this.repair(repair) : '';
    if (said !== '') lines.push(`Repair: ${said}`);
    else if (e.retryable) lines.push('It may succeed if tried again.');
    return { text: lines.join('\n'), structured: { error: e } };
  }
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
