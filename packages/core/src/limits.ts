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
