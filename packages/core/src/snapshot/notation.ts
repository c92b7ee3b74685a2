/**
 * What the outline writes for page-supplied strings and URLs, so that nothing a page says can look
 * like our own notation (docs/snapshot.md, "Our notation is ours"):
 * - every name, value and text run is JSON-quoted: a quote or a newline in it is escaped, so page text
 *   can neither end its string nor start a line of its own;
 * - inside a string, a `[` that would open a ref (`[e12]`, `[ref=e12]`) is written `\u005b`, which
 *   JSON still reads as `[` but no search for a ref matches;
 * - a role the page declared (`role="…"`) is printed only when it is a plain word;
 * - a link target is a parsed URL (no spaces, no quotes); a `[` in it is percent-encoded, and a long
 *   one is cut.
 */

const REF_OPENER = /\[(?=(?:ref=)?e\d)/g;

/** A page string as the outline prints it. */
export function quote(s: string): string {
  const json = JSON.stringify(s);
  // Most strings have no `[`: skip the regex pass (one per printed string on a large page).
  return s.includes('[') ? json.replace(REF_OPENER, '\\u005b') : json;
}

const PLAIN_ROLE = /^[a-z][a-z-]{0,39}$/;

/** The role as printed: the page's own `role` value only when it is a plain word, else `generic`. */
export function safeRole(role: string): string {
  return PLAIN_ROLE.test(role) ? role : 'generic';
}

export function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

/**
 * Longest link target the text prints: past it the target is cut with `…` (share links and tracking
 * queries run to hundreds of characters). The node's `href` in the snapshot JSON is always whole; an
 * agent follows a link by clicking its ref.
 */
export const MAX_HREF = 72;

/** `href` as printed: from its path when it is on `origin`, cut at MAX_HREF. */
export function shortHref(href: string, origin: string | undefined): string {
  let s = href.includes('[') ? href.replace(/\[/g, '%5B') : href;
  if (origin !== undefined && s.startsWith(origin) && s.charAt(origin.length) === '/') s = s.slice(origin.length);
  return s.length > MAX_HREF ? `${s.slice(0, MAX_HREF - 1)}…` : s;
}

/**
 * Whether a link's target is worth printing: not when it only moves within the page (an anchor on
 * this document's URL) nor when it runs script (`javascript:`): clicking the ref does either.
 */
export function hrefShown(href: string, page: string | undefined): boolean {
  if (/^javascript:/i.test(href)) return false;
  const hash = href.indexOf('#');
  if (hash < 0 || page === undefined) return true;
  const at = page.indexOf('#');
  return href.slice(0, hash) !== (at < 0 ? page : page.slice(0, at));
}
