/**
 * How much of what a page supplies reaches an answer. A page chooses its title, its URL, its
 * console messages, the URLs it requests and its element names; without a bound a 5 MB
 * `document.title` rides along in every answer. Core cuts each string when it builds a result; the
 * MCP layer bounds each whole tool answer. Every cut says so where it happened (`cut`).
 */
export const LIMITS = {
  /** A page's title, in every answer that names the page. */
  titleChars: 500,
  /** A URL the page chose (its own, a request's): room for real query strings. */
  urlChars: 4_096,
  /** One console message. */
  consoleChars: 4_000,
  /** An accessible name, value or hint in a snapshot (its node, its element and its outline line). */
  nameChars: 1_000,
  /** One run of page text in a snapshot. */
  textChars: 2_000,
  /** A request method: a page's fetch may name any token. */
  methodChars: 32,
  /**
   * All entries of one console.list / network.list answer together (their text and URLs). Past it the
   * oldest are left out and counted in `omitted`, so one answer stays readable by any client.
   */
  listChars: 1_000_000,
  /** One request or response header's value (`network.request`). */
  headerChars: 8_000,
  /** Headers of one request or response (`network.request`): a page can send thousands. */
  headers: 200,
  /** One request or response body (`network.request`), as text or base64. */
  bodyChars: 1_000_000,
  /** The text of one MCP tool answer (about 25k tokens); the rest is had by asking for less. */
  answerChars: 100_000,
  /** An MCP answer's structuredContent, as JSON; past it only the text answer is sent. */
  structuredChars: 2_000_000,
} as const;

/** `s` cut to `max` characters, ending with a note of how many were cut. */
export function cut(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}… [${s.length - max} more characters cut]`;
}

/** A page's url and title as answers carry them. */
export function pageInfoCut(info: { url: string; title: string }): { url: string; title: string } {
  return { url: cut(info.url, LIMITS.urlChars), title: cut(info.title, LIMITS.titleChars) };
}

/**
 * The newest entries of `all` that fit `budget` characters (as `size` counts them), oldest first as
 * given, and how many older ones were left out. The newest entry is always kept: each is cut already.
 */
export function newestWithin<T>(all: readonly T[], budget: number, size: (e: T) => number): { kept: T[]; omitted: number } {
  let used = 0;
  let i = all.length;
  while (i > 0) {
    const next = used + size(all[i - 1]!);
    if (next > budget && i < all.length) break;
    used = next;
    i -= 1;
  }
  return { kept: all.slice(i), omitted: i };
}

/**
 * Most bytes one `upload.set_files` call may carry inline (decoded). The stdio transport sizes its
 * longest line from it (MAX_LINE_BYTES), so a request the method takes always fits on the wire.
 */
export const MAX_INLINE_BYTES = 50 * 1024 * 1024;

/**
 * What a provider allows when its options say nothing. `browser-provider serve`/`mcp` and the library's
 * `createProvider` read these same values, so a provider made either way behaves the same; each is
 * overridden by its option (`maxSessions`, `maxTabs`, `recycle`) or flag (`--max-sessions`, …), and
 * `Infinity` lifts a limit.
 */
export const PROVIDER_DEFAULTS = {
  /** Sessions open at once (`--max-sessions`): enough for a few agents; one more is refused. */
  maxSessions: 16,
  /** Pages per session (`--max-tabs`): one more is refused, a popup past it closed. */
  maxTabs: 20,
  /**
   * The memory backstop (RecyclingBackend): a browser whose processes pass this many MB
   * (`--recycle-budget-mb`) or that has served this many sessions (`--recycle-sessions`) is relaunched.
   * Well above what a browser here uses under churn (0.5–1 GB), so only a real leak trips them.
   */
  recycle: { budgetMb: 3072, maxSessions: 2000 },
} as const;
