import { callerRegex } from '@browser-provider/core';

/**
 * Reading the snapshot outline (docs/snapshot.md: one line per node, two spaces per level) for
 * browser_find, which shows the lines around a match. The outline is the protocol's; this only selects
 * lines of it. A scope is never found here: core resolves it by ref.
 */

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The indices of a line's ancestors, nearest last. */
function ancestors(lines: readonly string[], at: number): number[] {
  const out: number[] = [];
  let indent = indentOf(lines[at] ?? '');
  for (let i = at - 1; i >= 0 && indent > 0; i--) {
    const d = indentOf(lines[i] ?? '');
    if (d < indent && (lines[i] ?? '').trim() !== '') {
      out.unshift(i);
      indent = d;
    }
  }
  return out;
}

const MAX_MATCHES = 30;
/** How many lines under a match's parent are shown with it. */
const SIBLING_LINES = 12;

/** The indices of the lines nested under line `at`. */
function subtree(lines: readonly string[], at: number): number[] {
  const base = indentOf(lines[at] ?? '');
  const out: number[] = [];
  for (let i = at + 1; i < lines.length && indentOf(lines[i] as string) > base; i++) out.push(i);
  return out;
}

export type FindResult = { count: number; shown: number; snippets: string[] } | { error: string };

/**
 * Lines matching a text (case-insensitive) or a regex ("/re/flags" or a bare pattern), each with the
 * lines that contain it and its siblings; lines shared by several matches are printed once, gaps as "…".
 */
export function findLines(text: string, q: { text: string } | { regex: string }): FindResult {
  let test: (line: string) => boolean;
  if ('text' in q) {
    const needle = q.text.toLowerCase();
    test = (l) => l.toLowerCase().includes(needle);
  } else {
    const m = /^\/(.*)\/([a-z]*)$/s.exec(q.regex);
    // Linear time (core's pattern.ts): a backtracking pattern would stall every client of this server.
    try {
      test = m ? callerRegex(m[1] as string, m[2]) : callerRegex(q.regex);
    } catch (e) {
      return { error: (e as Error).message };
    }
  }
  const lines = text.split('\n');
  const matches = lines.flatMap((l, i) => (test(l.trim()) ? [i] : []));
  const shown = matches.slice(0, MAX_MATCHES);
  const keep = new Set<number>();
  for (const i of shown) {
    const up = ancestors(lines, i);
    for (const j of [...up, i]) keep.add(j);
    // The match's siblings too (a row's other cells, a field's label): what a match means is often beside it.
    const parent = up[up.length - 1];
    if (parent !== undefined) for (const j of subtree(lines, parent).slice(0, SIBLING_LINES)) keep.add(j);
  }
  const snippets: string[] = [];
  let last = -1;
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (last >= 0 && i > last + 1) snippets.push(`${' '.repeat(indentOf(lines[i] as string))}…`);
    snippets.push(lines[i] as string);
    last = i;
  }
  return { count: matches.length, shown: shown.length, snippets };
}

/** The lines at most `depth` levels below the outline's shallowest line (two spaces per level). */
export function depthLines(text: string, depth: number): string {
  const lines = text.split('\n');
  const top = Math.min(...lines.filter((l) => l.trim() !== '').map(indentOf));
  return lines.filter((l) => indentOf(l) - top <= depth * 2).join('\n');
}
