import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import type { CookieSet } from '../backend';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';
import { call } from './frames';

/**
 * The methods that change what a session keeps — cookies, storage — and the viewport: `cookie.set`,
 * `cookie.delete`, `storage.set`, `page.set_viewport`. Each engine lists the ones it has
 * (`optionalMethods()`); the dispatcher refuses the others before this runs.
 */

const lacks = (what: string) => raise(ERRORS.unknown_method, `This engine cannot ${what}.`, undefined);

function urlOf(raw: string, field: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw raise(ERRORS.invalid_params, `${field}: not an absolute URL`, undefined, { details: { field } });
  }
}

export async function setCookies(page: PageHandle, p: ParamsOf<'cookie.set'>, signal: AbortSignal): Promise<ResultOf<'cookie.set'>> {
  if (page.backend.setCookies === undefined) throw lacks('set cookies');
  let here: URL | undefined;
  const cookies: CookieSet[] = [];
  for (const [i, c] of p.cookies.entries()) {
    const from = c.url !== undefined ? urlOf(c.url, `cookies.${i}.url`) : undefined;
    let domain = c.domain ?? from?.hostname;
    if (domain === undefined) {
      here ??= urlOf((await page.backend.info(signal)).url, 'page url');
      if (here.protocol !== 'http:' && here.protocol !== 'https:') {
        throw raise(ERRORS.invalid_params, `cookies.${i}.domain: required, the page (${here.protocol}) has no host to default to`, undefined, { details: { field: `cookies.${i}.domain` } });
      }
      domain = here.hostname;
    }
    const secure = c.secure ?? (from?.protocol === 'https:' ? true : undefined);
    cookies.push({
      name: c.name,
      value: c.value,
      domain,
      path: c.path ?? '/',
      ...(c.expires !== undefined && c.expires >= 0 ? { expires: Math.floor(c.expires) } : {}),
      ...(c.http_only !== undefined ? { http_only: c.http_only } : {}),
      ...(secure !== undefined ? { secure } : {}),
      ...(c.same_site !== undefined ? { same_site: c.same_site } : {}),
    });
  }
  await page.backend.setCookies(cookies, signal);
  return { set: cookies.length };
}

export async function deleteCookies(page: PageHandle, p: ParamsOf<'cookie.delete'>, signal: AbortSignal): Promise<ResultOf<'cookie.delete'>> {
  if (page.backend.deleteCookies === undefined || page.backend.cookies === undefined) throw lacks('delete cookies');
  const bare = (d: string) => d.toLowerCase().replace(/^\./, '');
  const all = await page.backend.cookies(signal);
  // Engines report a domain cookie with or without its leading dot: compare without it.
  const hit = all.filter((c) => (p.name === undefined || c.name === p.name) && (p.domain === undefined || bare(c.domain) === bare(p.domain)) && (p.path === undefined || c.path === p.path));
  if (hit.length > 0) await page.backend.deleteCookies(hit, signal);
  return { deleted: hit.length };
}

export async function writeStorage(page: PageHandle, p: ParamsOf<'storage.set'>, signal: AbortSignal): Promise<ResultOf<'storage.set'>> {
  const kind = p.kind ?? 'local';
  const r = await call(page, page.backend.mainFrame, 'storageWrite', [kind, { clear: p.clear === true, remove: p.remove ?? [], set: p.entries ?? {} }], signal);
  if (!r.ok) {
    throw raise(ERRORS.storage_unavailable, `This page (${r.origin}) cannot write its ${kind}Storage: ${r.message}`, {}, { details: { origin: r.origin } });
  }
  return { origin: r.origin, entries: r.entries };
}

export async function setViewport(page: PageHandle, p: ParamsOf<'page.set_viewport'>, signal: AbortSignal): Promise<ResultOf<'page.set_viewport'>> {
  if (page.backend.setViewport === undefined) throw lacks('resize the viewport');
  await page.backend.setViewport(p.width, p.height, signal);
  // The engine answers once the viewport changed; the page's resize handlers run a frame later, and
  // the after-action snapshot should show what they did.
  const m = await call(page, page.backend.mainFrame, 'settledMetrics', [], signal);
  return { page_id: page.id, width: m.viewportWidth, height: m.viewportHeight };
}
