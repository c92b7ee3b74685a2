import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { ERRORS, raise } from '../catalog';
import { PageHandle } from '../state/page';
import type { Provider } from '../provider';
import type { Session } from '../state/session';
import { pageInfoCut } from '../state/limits';

/** Schemes a page may be opened with; `file:` and `javascript:` are refused (local files, script injection). */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'about:', 'data:']);

export function checkUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw raise(ERRORS.invalid_params, `url: not an absolute URL: ${JSON.stringify(raw.slice(0, 200))}`, undefined, { details: { field: 'url' } });
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) {
    throw raise(ERRORS.scheme_not_allowed, `url: the ${url.protocol} scheme is not allowed (http, https, about, data are).`, undefined, { details: { field: 'url' } });
  }
  return url.href;
}

type WaitUntil = ParamsOf<'page.open'>['wait_until'];

export function readiness(w: WaitUntil, warnings: string[]): 'load' | 'domcontentloaded' {
  if (w === 'domcontentloaded') return 'domcontentloaded';
  if (w === 'networkidle') warnings.push('wait_until "networkidle" is not supported; waited for "load" instead');
  return 'load';
}

export async function open(provider: Provider, session: Session, p: ParamsOf<'page.open'>, warnings: string[], signal: AbortSignal): Promise<ResultOf<'page.open'>> {
  const url = checkUrl(p.url);
  let page: PageHandle;
  if (p.new_page || (p.page_id === undefined && session.currentPageId === undefined)) {
    provider.roomForPage(session);
    page = new PageHandle(provider.nextPageId(), await session.backend.newPage(signal));
    provider.adoptPage(session, page);
  } else {
    page = provider.page(session, p.page_id);
    session.currentPageId = page.id;
  }
  const ready = readiness(p.wait_until, warnings);
  await page.backend.navigate(url, ready, signal);
  const info = pageInfoCut(await page.backend.info(signal));
  return { page_id: page.id, url: info.url, title: info.title, navigation_state: ready };
}
