import { RE2JS } from 're2js';

/**
 * Every regular expression a caller supplies (`page.wait`'s `url_matches`, MCP's `browser_find`
 * regex) runs here, on RE2 (the `re2js` port): matching takes time linear in the input whatever the
 * pattern. V8's backtracking engine takes exponential time on a pattern such as `/(a+)+$/`, and since
 * it runs on the event loop, one caller's pattern would stall every session's calls. RE2 has no
 * backreferences or lookahead; such a pattern is refused by name rather than run another way.
 */

/** JavaScript flags as RE2's; `g`, `y` and `d` change nothing for a yes/no test, `u` is RE2's default. */
const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, g: 0, y: 0, d: 0, u: 0 };

export class PatternError extends Error {
  override name = 'PatternError';
}

/** A tester for a JavaScript-syntax regular expression (`source` as between the slashes), run in linear time. */
export function callerRegex(source: string, flags = ''): (input: string) => boolean {
  let bits = 0;
  for (const f of flags) {
    const bit = FLAG_BITS[f];
    if (bit === undefined) throw new PatternError(`unknown flag ${JSON.stringify(f)} (use i, m or s)`);
    bits |= bit;
  }
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(source), bits);
    return (input) => re.test(input);
  } catch (e) {
    // re2js's message names what it cannot take (`\1`, `(?=`): backreferences and lookaround have no linear-time form.
    throw new PatternError(`${(e as Error).message}${/Perl syntax|escape sequence/.test((e as Error).message) ? ' (patterns run on RE2: no backreferences or lookahead)' : ''}`);
  }
}

/** A glob over the whole input: `*` is any run of characters, everything else itself. */
export function callerGlob(pattern: string): (input: string) => boolean {
  const re = RE2JS.compile(`^${pattern.split('*').map((p) => RE2JS.quote(p)).join('.*')}$`, RE2JS.DOTALL);
  return (input) => re.test(input);
}

/**
 * A URL glob as Playwright's routes take them, over the whole URL: `**` any run of characters, `*` any
 * run without `/`, `{a,b}` either; everything else (`?` included, common in URLs) is itself.
 */
export function callerUrlGlob(pattern: string): (input: string) => boolean {
  let re = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') {
      const double = pattern[i + 1] === '*';
      re += double ? '.*' : '[^/]*';
      if (double) i++;
    } else if (c === '{') {
      depth++;
      re += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      re += ')';
    } else if (c === ',' && depth > 0) re += '|';
    else re += RE2JS.quote(c);
  }
  if (depth > 0) throw new PatternError('unclosed "{" in the glob');
  const compiled = RE2JS.compile(`^${re}$`, RE2JS.DOTALL);
  return (input) => compiled.test(input);
}
