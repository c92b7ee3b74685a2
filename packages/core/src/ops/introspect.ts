import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import type { CookieInfo } from '../backend';
import { ProviderError } from '../errors';
import type { PageHandle } from '../page';
import { call } from './frames';
import { cut, LIMITS, newestWithin } from '../limits';

/** Default number of entries `console.list` / `network.list` answer (the newest). */
export const DEFAULT_LIST_LIMIT = 100;

const unsupported = (what: string) => new ProviderError('unsupported_method', `This engine cannot ${what}.`, { detail: 'unknown_method' });

export function listConsole(page: PageHandle, p: ParamsOf<'console.list'>): ResultOf<'console.list'> {
  if (page.backend.consoleEntries === undefined) throw unsupported('observe the console');
  const entries = page.backend.consoleEntries(p.since_navigation === true).slice(-(p.limit ?? DEFAULT_LIST_LIMIT)).map((e) => ({ ...e, text: cut(e.text, LIMITS.consoleChars) }));
  const { kept, omitted } = newestWithin(entries, LIMITS.listChars, (e) => e.text.length);
  return { entries: kept, ...(omitted > 0 ? { omitted } : {}) };
}

export function listNetwork(page: PageHandle, p: ParamsOf<'network.list'>): ResultOf<'network.list'> {
  if (page.backend.networkEntries === undefined) throw unsupported('observe the network');
  const requests = page.backend
    .networkEntries()
    .slice(-(p.limit ?? DEFAULT_LIST_LIMIT))
    .map((r) => ({ ...r, method: cut(r.method, LIMITS.methodChars), url: cut(r.url, LIMITS.urlChars) }));
  const { kept, omitted } = newestWithin(requests, LIMITS.listChars, (r) => r.url.length + r.method.length);
  return { requests: kept, ...(omitted > 0 ? { omitted } : {}) };
}

export async function listCookies(page: PageHandle, p: ParamsOf<'cookie.list'>, signal: AbortSignal): Promise<ResultOf<'cookie.list'>> {
  if (page.backend.cookies === undefined) throw unsupported('read cookies');
  const all = await page.backend.cookies(signal);
  if (p.urls === undefined) return { cookies: all };
  const urls = p.urls.map((u, i) => {
    try {
      return new URL(u);
    } catch {
      throw new ProviderError('invalid_request', `urls.${i}: not an absolute URL`, { detail: 'invalid_params', details: { field: `urls.${i}` } });
    }
  });
  return { cookies: all.filter((c) => urls.some((u) => cookieMatchesUrl(c, u))) };
}

/** RFC 6265 §5.1.3/§5.1.4/§5.4: would a request to `url` carry cookie `c`? */
export function cookieMatchesUrl(c: CookieInfo, url: URL): boolean {
  const host = url.hostname.toLowerCase();
  const domain = c.domain.toLowerCase().replace(/^\./, '');
  // A leading dot (or any cookie from Set-Cookie with Domain=) covers subdomains; host-only cookies do not,
  // and engines report host-only cookies without the dot.
  const domainOk = host === domain || (c.domain.startsWith('.') && host.endsWith(`.${domain}`));
  if (!domainOk) return false;
  const path = url.pathname || '/';
  const cp = c.path || '/';
  const pathOk = path === cp || (path.startsWith(cp) && (cp.endsWith('/') || path[cp.length] === '/'));
  if (!pathOk) return false;
  return !c.secure || url.protocol === 'https:' || host === 'localhost' || host === '127.0.0.1';
}

export async function readStorage(page: PageHandle, p: ParamsOf<'storage.get'>, signal: AbortSignal): Promise<ResultOf<'storage.get'>> {
  const kind = p.kind ?? 'local';
  const r = await call(page, page.backend.mainFrame, 'storage', [kind, p.keys ?? null], signal);
  if (!r.ok) {
    throw new ProviderError('unsupported_target', `This page (${r.origin}) has no ${kind}Storage: ${r.message}`, {
      detail: 'storage_unavailable',
      details: { origin: r.origin },
    });
  }
  return { origin: r.origin, entries: r.entries };
}
