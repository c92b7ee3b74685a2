import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { PageHandle } from '../page';
import type { Provider } from '../provider';
import type { Session } from '../session';
import { checkUrl } from './navigate';

/**
 * Tabs are the session's pages; `tab_id` and `page_id` are the same opaque id, so a tab listed here
 * can be used as a page_id directly. Ids are never reused (one provider-wide counter).
 */
async function tabInfo(session: Session, page: PageHandle, signal: AbortSignal): Promise<ResultOf<'tab.activate'>> {
  const info = await page.backend.info(signal);
  return { tab_id: page.id, page_id: page.id, url: info.url, title: info.title, active: session.currentPageId === page.id };
}

export async function listTabs(session: Session, signal: AbortSignal): Promise<ResultOf<'tab.list'>> {
  const tabs = await Promise.all([...session.pages.values()].map((p) => tabInfo(session, p, signal)));
  return { tabs };
}

export async function newTab(provider: Provider, session: Session, p: ParamsOf<'tab.new'>, signal: AbortSignal): Promise<ResultOf<'tab.new'>> {
  const url = p.url === undefined ? undefined : checkUrl(p.url);
  const page = new PageHandle(provider.nextPageId(), await session.backend.newPage(signal));
  provider.adoptPage(session, page);
  if (url !== undefined) await page.backend.navigate(url, 'load', signal);
  return tabInfo(session, page, signal);
}

export async function activateTab(provider: Provider, session: Session, p: ParamsOf<'tab.activate'>, signal: AbortSignal): Promise<ResultOf<'tab.activate'>> {
  const page = provider.page(session, p.tab_id);
  await page.backend.activate?.(signal);
  session.currentPageId = page.id;
  return tabInfo(session, page, signal);
}

export async function closeTab(provider: Provider, session: Session, p: ParamsOf<'tab.close'>, signal: AbortSignal): Promise<ResultOf<'tab.close'>> {
  const page = provider.page(session, p.tab_id);
  await page.backend.close(signal);
  provider.releasePage(session, page, 'closed by tab.close');
  return { tab_id: page.id, closed: true };
}
