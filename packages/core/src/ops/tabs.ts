import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { PageHandle } from '../state/page';
import type { Provider } from '../provider';
import type { Session } from '../state/session';
import { raceSignal } from '../toolkit/deadline';
import { checkUrl } from './navigate';
import { pageInfoCut } from '../state/limits';

/**
 * Tabs are the session's pages; `tab_id` and `page_id` are the same opaque id, so a tab listed here
 * can be used as a page_id directly. Ids are never reused (one provider-wide counter).
 */
async function tabInfo(session: Session, page: PageHandle, signal: AbortSignal): Promise<ResultOf<'tab.activate'>> {
  const info = pageInfoCut(await page.backend.info(signal));
  page.lastKnown = info;
  return { tab_id: page.id, page_id: page.id, url: info.url, title: info.title, active: session.currentPageId === page.id };
}

/** How long tab.list waits for one tab before listing it from what it last said. */
export const TAB_INFO_WAIT_MS = 2_000;

/**
 * Every tab, each asked for at most `waitMs`: a tab whose script is busy (a hung page) is listed with
 * its last known url and title and `responding: false`, and never holds up the others.
 */
export async function listTabs(session: Session, signal: AbortSignal, waitMs = TAB_INFO_WAIT_MS): Promise<ResultOf<'tab.list'>> {
  const one = async (page: PageHandle): Promise<ResultOf<'tab.activate'>> => {
    const wait = AbortSignal.timeout(waitMs);
    const either = AbortSignal.any([signal, wait]);
    try {
      // Raced as well: a backend may not give up a command that is stuck in the page.
      return await raceSignal(tabInfo(session, page, either), either);
    } catch (e) {
      if (signal.aborted || !wait.aborted) throw e;
      const known = page.lastKnown ?? { url: '', title: '' };
      return { tab_id: page.id, page_id: page.id, url: known.url, title: known.title, active: session.currentPageId === page.id, responding: false };
    }
  };
  return { tabs: await Promise.all([...session.pages.values()].map(one)) };
}

export async function newTab(provider: Provider, session: Session, p: ParamsOf<'tab.new'>, signal: AbortSignal): Promise<ResultOf<'tab.new'>> {
  const url = p.url === undefined ? undefined : checkUrl(p.url);
  provider.roomForPage(session);
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
