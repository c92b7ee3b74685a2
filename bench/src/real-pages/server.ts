import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { listenLoopback } from '../fixtures';
import type { Corpus } from './corpus';

/**
 * Serves the corpus on loopback. Every page goes out with a Content-Security-Policy that allows its
 * own origin only, so the browser refuses every outside request (scripts, styles, images, frames,
 * fetches) itself, on every engine, before it reaches the network; the page's inline scripts still
 * run, as they did when it was saved. Anything else on this origin answers 404. No charset in the
 * header: each saved page declares its own.
 *
 * A page is served as if from its own site: its absolute links to the host it was saved from (the
 * fixture's folder name, else its canonical URL's host) are rewritten to root-relative ones, which
 * is what they are on that site. Both contenders read the same rewritten page. Each page is also
 * served at the path it had there (its canonical URL's, same host), so a link to the article itself
 * (a headline's permalink) opens it, as it did on the site.
 */

export const REFUSE_OUTSIDE =
  "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; connect-src 'self'; frame-src 'self'; form-action 'self'";

const canonicalOf = (file: string) => /<link[^>]+rel=["']canonical["'][^>]*href=["']https?:\/\/([^/"']+)(\/[^"'?#]*)?/i.exec(readFileSync(file, 'latin1'));

/** The host a page was saved from: its fixture folder (`www.cnn.com/…`), else its canonical URL's. */
function hostOf(file: string): string | undefined {
  const dir = file.split('/').at(-2) ?? '';
  if (dir.includes('.') && dir !== 'fixtures') return dir;
  return canonicalOf(file)?.[1];
}

/** The path a page had on its own site, when its canonical URL is on the host it was saved from. */
function ownPath(file: string): string | undefined {
  const m = canonicalOf(file);
  return m?.[2] !== undefined && m[2] !== '/' && m[1]?.toLowerCase() === hostOf(file)?.toLowerCase() ? m[2] : undefined;
}

/** Rewrites `http(s)://host/…` and `//host/…` in attribute values to `/…` (bytes kept: latin1 in and out). */
function ownSite(html: string, host: string | undefined): string {
  if (host === undefined) return html;
  const h = host.replace(/[.]/g, '\\.');
  return html.replace(new RegExp(`(=\\s*["'])(?:https?:)?//${h}(?=[/"'])/?`, 'gi'), '$1/');
}

export interface CorpusServer {
  url(name: string): string;
  /** Requests that reached the server: the only ones a page could make. */
  readonly hits: number;
  close(): Promise<void>;
}

export async function serveCorpus(corpus: Corpus): Promise<CorpusServer> {
  const byPath = new Map(corpus.pages.map((p) => [`/${p.name}`, p.file]));
  for (const p of corpus.pages) {
    const own = ownPath(p.file);
    if (own !== undefined && !byPath.has(own)) byPath.set(own, p.file);
  }
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    const file = byPath.get(decodeURIComponent(new URL(req.url ?? '/', 'http://corpus').pathname));
    if (file === undefined) return void res.writeHead(404, { 'content-security-policy': REFUSE_OUTSIDE }).end();
    const body = Buffer.from(ownSite(readFileSync(file, 'latin1'), hostOf(file)), 'latin1');
    res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': REFUSE_OUTSIDE, 'cache-control': 'no-store', 'content-length': body.length });
    res.end(body);
  });
  const origin = await listenLoopback(server);
  return {
    url: (name) => `${origin}/${name.split('/').map(encodeURIComponent).join('/')}`,
    get hits() {
      return hits;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
