import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';
import { readiness } from './navigate';
import { pageInfoCut } from '../state/limits';

type NavParams = ParamsOf<'page.go_back'>;
type NavResult = ResultOf<'page.go_back'>;

const missing = (what: string) => raise(ERRORS.unknown_method, `This engine cannot ${what}.`, undefined);

/** `page.go_back` / `page.go_forward`: one step through the page's session history. */
export async function traverse(page: PageHandle, delta: -1 | 1, p: NavParams, warnings: string[], signal: AbortSignal): Promise<NavResult> {
  if (page.backend.history === undefined) throw missing('traverse history');
  await page.backend.history(delta, readiness(p.wait_until, warnings), signal);
  const info = pageInfoCut(await page.backend.info(signal));
  return { page_id: page.id, url: info.url, title: info.title, navigation_occurred: true };
}

/** `page.reload`. */
export async function reload(page: PageHandle, p: ParamsOf<'page.reload'>, warnings: string[], signal: AbortSignal): Promise<ResultOf<'page.reload'>> {
  if (page.backend.reload === undefined) throw missing('reload');
  await page.backend.reload(readiness(p.wait_until, warnings), signal);
  const info = pageInfoCut(await page.backend.info(signal));
  return { page_id: page.id, url: info.url, title: info.title, navigation_occurred: true };
}
