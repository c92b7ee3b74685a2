import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md walks one click through named files and functions; this keeps it from rotting
 * when code moves. Every repo path it names must exist, every function a click table names must occur
 * in the file of its row, and every "`name` (`file`)" pair in the prose too. The relative links of the
 * README and of the pages its sections and the run logs moved to must lead to files.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ARCH = 'docs/architecture.md';
const read = (rel: string) => readFileSync(join(ROOT, rel), 'utf8');

/** Backticked repo paths: `packages/core/src/ops/gesture.ts`, `conformance/expectations/`. */
const PATH = /`((?:packages|apps|conformance|bench|docs|scripts)(?:\/[\w.@*-]+)*\/?)`/g;
/** An identifier: `click`, `#route`, `ProviderLink`. */
const IDENT = /^#?[A-Za-z_$][\w$]*$/;
/** "`name` (`file`)", "`name`, `file`" and "`name` in `file`": a function said to live in a file. */
const PAIR = /`(#?[A-Za-z_$][\w$]*)`(?:,| \(| in) `((?:packages|apps)\/[\w./-]+\.ts)`/g;

/** The identifier as code would spell it: a declaration, a call, a property or a member. */
function occursIn(source: string, ident: string): boolean {
  const escaped = ident.replace(/[$#]/g, (c) => `\\${c}`);
  return new RegExp(`(^|[^\\w$#])${escaped}(?![\\w$])`).test(source);
}

/** Rows of the click tables: | step | `file` | `fn`, `fn` | what happens |. */
function tableRows(text: string): Array<{ file: string; idents: string[]; line: string }> {
  const rows: Array<{ file: string; idents: string[]; line: string }> = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const file = /^`([^`]+\.ts)`$/.exec(cells[2] ?? '')?.[1];
    if (file === undefined) continue;
    const idents = [...(cells[3] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    rows.push({ file, idents, line });
  }
  return rows;
}

function links(rel: string): string[] {
  const text = read(rel);
  return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] as string).filter((l) => !/^[a-z]+:/.test(l));
}

describe('docs/architecture.md names only what exists', () => {
  const text = read(ARCH);

  it('every repo path it names exists', () => {
    const paths = [...new Set([...text.matchAll(PATH)].map((m) => m[1] as string))];
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });

  it('every function of the click tables occurs in the file of its row', () => {
    const rows = tableRows(text);
    expect(rows.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const { file, idents } of rows) {
      expect(idents.every((i) => IDENT.test(i)), `${file}: ${idents.join(', ')}`).toBe(true);
      const source = read(file);
      for (const i of idents) if (!occursIn(source, i)) missing.push(`${i} in ${file}`);
    }
    expect(missing).toEqual([]);
  });

  it('every "`name` (`file`)" pair of the prose holds', () => {
    const pairs = [...text.matchAll(PAIR)].map((m) => ({ ident: m[1] as string, file: m[2] as string }));
    expect(pairs.length).toBeGreaterThan(10);
    expect(pairs.filter(({ ident, file }) => !existsSync(join(ROOT, file)) || !occursIn(read(file), ident)).map(({ ident, file }) => `${ident} in ${file}`)).toEqual([]);
  });

  it('catches a name that is not there', () => {
    expect(occursIn('export async function clickAt(page) {}', 'clickAt')).toBe(true);
    expect(occursIn('export async function clickAtPoint(page) {}', 'clickAt')).toBe(false);
    expect(occursIn('async #route(method) {}', '#route')).toBe(true);
  });
});

/** The README and the pages its facts and the run logs moved to (issue 32): a moved section leaves no dead link. */
const LINKED = ['README.md', ARCH, 'docs/server.md', 'docs/mcp.md', 'docs/library.md', 'docs/testing.md', 'docs/benchmarks.md', 'docs/reliability.md', ...readdirSync(join(ROOT, 'docs/runs')).filter((f) => f.endsWith('.md')).map((f) => `docs/runs/${f}`)];

describe('relative links of the README and the pages it links to', () => {
  for (const rel of LINKED) {
    it(`${rel}: every relative link leads to a file`, () => {
      const base = dirname(join(ROOT, rel));
      expect(links(rel).filter((l) => !existsSync(join(base, l)))).toEqual([]);
    });
  }
});
