import type { ParamsOf, RequestPart, ResultOf } from '@browser-provider/protocol';
import type { CookieInfo, NetworkHeader } from '../backend';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';
import { bodyOf } from './body';
import { call } from './frames';
import { cut, LIMITS, newestWithin } from '../state/limits';

/** Default number of entries `console.list` / `network.list` answer (the newest). */
export const DEFAULT_LIST_LIMIT = 100;

const unsupported = (what: string) => raise(ERRORS.unknown_method, `This engine cannot ${what}.`, undefined);

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

/** `network.request`: one recorded request's headers and bodies (or one part), every page-supplied string cut. */
export async function requestDetail(page: PageHandle, p: ParamsOf<'network.request'>, signal: AbortSignal): Promise<ResultOf<'network.request'>> {
  if (page.backend.networkDetail === undefined) throw unsupported('observe the network');
  const d = page.backend.networkDetail(p.request_id);
  if (d === undefined) {
    throw raise(ERRORS.unknown_request, `request_id: ${JSON.stringify(p.request_id)} is not among this page's recorded requests (the record keeps the newest).`, {}, { details: { field: 'request_id' } });
  }
  const want = (part: RequestPart) => p.part === undefined || p.part === part;
  const headers = (h: NetworkHeader[]) => h.slice(0, LIMITS.headers).map((x) => ({ name: cut(x.name, LIMITS.headerChars), value: cut(x.value, LIMITS.headerChars) }));
  const body = async (which: 'request' | 'response') => {
    if (page.backend.networkBody === undefined) {
      if (p.part === undefined) return undefined;
      throw raise(
        ERRORS.unsupported_option,
        `network.request part "${which}-body" is not offered by this engine: it keeps no bodies. Headers are available.`,
        { method: 'network.request', field: 'part', instead: { method: 'network.request', params: { request_id: p.request_id, part: `${which}-headers` }, hint: 'Ask for the headers instead.' } },
        { details: { method: 'network.request', field: 'part', value: `${which}-body` } },
      );
    }
    // A GET sends no body: nothing to ask the browser for.
    if (which === 'request' && (d.method === 'GET' || d.method === 'HEAD')) return { unavailable: 'none' as const };
    const b = await page.backend.networkBody(p.request_id, which, signal);
    if (b === undefined) return { unavailable: 'not_collected' as const };
    const type = (which === 'request' ? d.request_headers : (d.response_headers ?? [])).find((h) => h.name.toLowerCase() === 'content-type')?.value;
    return bodyOf(b, type);
  };
  return {
    request_id: d.request_id,
    method: d.method,
    url: cut(d.url, LIMITS.urlChars),
    ...(d.status !== undefined ? { status: d.status } : {}),
    ...(d.resource_type !== undefined ? { resource_type: d.resource_type } : {}),
    ...(d.failed ? { failed: true } : {}),
    ...(want('request-headers') ? { request_headers: headers(d.request_headers), ...omitted('request_headers_omitted', d.request_headers, d.request_header_count) } : {}),
    ...(want('response-headers') && d.response_headers ? { response_headers: headers(d.response_headers), ...omitted('response_headers_omitted', d.response_headers, d.response_header_count) } : {}),
    ...(want('request-body') ? present('request_body', await body('request')) : {}),
    ...(want('response-body') ? present('response_body', await body('response')) : {}),
  };
}

/** How many of the headers the browser reported are not in the answer (the record's cap, then ours). */
function omitted<K extends string>(key: K, kept: NetworkHeader[], reported: number | undefined): { [k in K]?: number } {
  const n = Math.max(reported ?? kept.length, kept.length) - Math.min(kept.length, LIMITS.headers);
  return n > 0 ? ({ [key]: n } as { [k in K]: number }) : {};
}

const present = <K extends string, V>(key: K, v: V | undefined): { [k in K]?: V } => (v === undefined ? {} : ({ [key]: v } as { [k in K]: V }));

export async function listCookies(page: PageHandle, p: ParamsOf<'cookie.list'>, signal: AbortSignal): Promise<ResultOf<'cookie.list'>> {
  if (page.backend.cookies === undefined) throw unsupported('read cookies');
  const all = await page.backend.cookies(signal);
  if (p.urls === undefined) return { cookies: all };
  const urls = p.urls.map((u, i) => {
    try {
      return new URL(u);
    } catch {
      throw raise(ERRORS.invalid_params, `urls.${i}: not an absolute URL`, undefined, { details: { field: `urls.${i}` } });
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
    throw raise(ERRORS.storage_unavailable, `This page (${r.origin}) has no ${kind}Storage: ${r.message}`, {}, { details: { origin: r.origin } });
  }
  return { origin: r.origin, entries: r.entries };
}
