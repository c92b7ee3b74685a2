import type { WaitProbe } from '@browser-provider/page-script';
import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import type { FrameKey } from '../backend';
import { sleep } from '../toolkit/deadline';
import { ERRORS, raise } from '../catalog';
import { ProviderError } from '../catalog/errors';
import { callerGlob, callerRegex } from './pattern';
import type { PageHandle } from '../state/page';
import type { Session } from '../state/session';
import { call, enterFrame, MAX_FRAME_DEPTH } from './frames';

const POLL_MS = 100;

/**
 * `/re/flags` is a regular expression, a pattern with `*` a glob over the whole URL, anything else a
 * substring. The caller's patterns run in linear time (pattern.ts): a URL is page-controlled input.
 */
export function urlMatcher(pattern: string): (url: string) => boolean {
  const re = /^\/(.+)\/([dgimsuy]*)$/.exec(pattern);
  if (re) {
    try {
      return callerRegex(re[1] as string, re[2]);
    } catch (e) {
      throw raise(ERRORS.invalid_params, `url_matches: invalid regular expression (${(e as Error).message})`, undefined, { details: { field: 'url_matches' } });
    }
  }
  if (pattern.includes('*')) return callerGlob(pattern);
  return (url) => url.includes(pattern);
}

type Outcome = Partial<Record<keyof WaitProbe | 'url_matches' | 'navigation_complete' | 'element_ref_present', boolean>>;

async function probeOnce(session: Session, page: PageHandle, p: ParamsOf<'page.wait'>, matchUrl: ((u: string) => boolean) | null, signal: AbortSignal): Promise<Outcome> {
  const probe: WaitProbe = {};
  if (p.text_present !== undefined) probe.text_present = p.text_present;
  if (p.text_absent !== undefined) probe.text_absent = p.text_absent;
  if (p.selector_present !== undefined) probe.selector_present = p.selector_present;
  if (p.selector_absent !== undefined) probe.selector_absent = p.selector_absent;
  const out: Outcome = {};
  let topReady = 'loading';
  if (Object.keys(probe).length > 0 || p.navigation_complete !== undefined) {
    const any = { text_present: false, selector_present: false };
    const none = { text_absent: true, selector_absent: true };
    const visit = async (frame: FrameKey, depth: number): Promise<void> => {
      const r = await call(page, frame, 'probe', [probe], signal);
      if (!r.ok) {
        throw raise(ERRORS.syntax, `Invalid selector: ${r.message}`, undefined);
      }
      if (frame === page.backend.mainFrame) topReady = r.readyState;
      any.text_present ||= r.satisfied.text_present === true;
      any.selector_present ||= r.satisfied.selector_present === true;
      none.text_absent &&= r.satisfied.text_absent !== false;
      none.selector_absent &&= r.satisfied.selector_absent !== false;
      if (depth >= MAX_FRAME_DEPTH) return;
      for (const iframeId of r.iframes) {
        const child = await enterFrame(page, frame, r.doc, iframeId, signal).catch(() => null);
        if (child !== null) await visit(child, depth + 1).catch((e: unknown) => {
          if (signal.aborted || ProviderError.is(e, 'invalid_selector')) throw e;
        });
      }
    };
    await visit(page.backend.mainFrame, 0);
    if (p.text_present !== undefined) out.text_present = any.text_present;
    if (p.selector_present !== undefined) out.selector_present = any.selector_present;
    if (p.text_absent !== undefined) out.text_absent = none.text_absent;
    if (p.selector_absent !== undefined) out.selector_absent = none.selector_absent;
    if (p.navigation_complete !== undefined) out.navigation_complete = (topReady === 'complete') === p.navigation_complete;
  }
  if (p.element_ref_present !== undefined) {
    const t = session.refs.resolve(p.element_ref_present);
    out.element_ref_present =
      t !== undefined && t.pageId === page.id && (await call(page, t.frame, 'alive', [t.doc, t.id], signal).catch(() => false));
  }
  if (matchUrl !== null) out.url_matches = matchUrl((await page.backend.info(signal)).url);
  return out;
}

/**
 * Polls every condition given until all hold or the deadline is near. A condition that never holds is
 * not an error: the draft answers `satisfied: false` (with a warning saying what was still unmet).
 */
export async function waitFor(
  session: Session,
  page: PageHandle,
  p: ParamsOf<'page.wait'>,
  deadlineAt: number,
  warnings: string[],
  signal: AbortSignal,
): Promise<ResultOf<'page.wait'>> {
  const matchUrl = p.url_matches !== undefined ? urlMatcher(p.url_matches) : null;
  // Answer `satisfied: false` a little before the request's own deadline would turn it into an error.
  const stopAt = deadlineAt - ANSWER_MARGIN_MS;
  const unmetAnswer = (entries: [string, boolean | undefined][]): ResultOf<'page.wait'> => {
    const unmet = entries.filter(([, v]) => !v).map(([k]) => k);
    warnings.push(`not satisfied before the deadline: ${unmet.length ? unmet.join(', ') : 'the page could not be probed'}`);
    return { satisfied: false };
  };
  let entries: [string, boolean | undefined][] = [];
  for (;;) {
    let outcome: Outcome | undefined;
    try {
      outcome = await beforeDeadline(probeOnce(session, page, p, matchUrl, signal), stopAt);
    } catch (e) {
      // A navigation in progress makes a probe fail; that is a reason to look again, not to give up.
      if (signal.aborted || ProviderError.is(e, 'invalid_selector') || ProviderError.is(e, 'invalid_request') || ProviderError.is(e, 'browser_not_running')) throw e;
      outcome = {};
    }
    if (outcome === undefined) return unmetAnswer(entries);
    entries = Object.entries(outcome);
    if (entries.length > 0 && entries.every(([, v]) => v)) {
      const url = await beforeDeadline(page.backend.info(signal), stopAt + ANSWER_MARGIN_MS / 2).catch(() => undefined);
      return { satisfied: true, matched_condition: entries.map(([k]) => k).join(','), ...(url ? { url: url.url } : {}) };
    }
    if (Date.now() + POLL_MS >= stopAt) return unmetAnswer(entries);
    await sleep(POLL_MS, signal);
  }
}

/** How long before the request deadline an unmet wait answers. */
const ANSWER_MARGIN_MS = 250;

/** The work's result, or undefined when `stopAt` (epoch ms) comes first; the work is left to finish. */
function beforeDeadline<T>(work: Promise<T>, stopAt: number): Promise<T | undefined> {
  const ms = stopAt - Date.now();
  if (ms <= 0) {
    work.catch(() => undefined);
    return Promise.resolve(undefined);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
