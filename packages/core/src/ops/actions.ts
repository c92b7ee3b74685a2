import type { ClickReport } from '@browser-provider/page-script';
import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { ProviderError } from '../errors';
import type { PageHandle } from '../page';
import type { Session } from '../session';
import { actionPoint, notActionable } from './actionability';
import { call } from './frames';
import { resolveTarget } from './targets';

/** How long a report asked alongside the dispatch waits in the page for the click to be over. */
const REPORT_WAIT_MS = 500;

export async function click(session: Session, page: PageHandle, p: ParamsOf<'page.click'>, signal: AbortSignal): Promise<ResultOf<'page.click'>> {
  if (p.position !== undefined) {
    const { navigated } = await page.backend.click(p.position, signal);
    return { page_id: page.id, clicked: true, navigation_occurred: navigated, url: (await page.backend.info(signal)).url, point: p.position };
  }
  const target = await resolveTarget(session, page, 'page.click', p, signal);
  // An ok check arms the page's click guard in the target's frame (see prepare in the page script).
  const point = await actionPoint(session, page, target, 'click', signal);
  const inTop = target.frame === page.backend.mainFrame;
  let seen: ClickReport | undefined;
  const { navigated } = await page.backend.click(point, signal, async (s, alongside) => {
    seen = await call(page, target.frame, 'clickReport', alongside ? [target.doc, REPORT_WAIT_MS] : [target.doc], s);
    // A frame's own Navigation API cannot see a navigation of the top-level document.
    return inTop ? seen.navigation : 'unknown';
  });
  if (!navigated && seen?.landed === false) {
    throw new ProviderError('element_not_actionable', `The click on ${target.ref} was cancelled: the page moved between the check and the dispatch, and the pointer would have landed on another element. Nothing was clicked.`, {
      detail: 'missed',
      retryable: true,
      details: { element_ref: target.ref, dispatched: true, cancelled: true },
      repair: { method: 'page.snapshot', params: { session_id: session.id, page_id: page.id }, hint: 'The page changed under the pointer; take a new snapshot before acting again.' },
    });
  }
  const url = !navigated && inTop && seen !== undefined ? seen.url : (await page.backend.info(signal)).url;
  return { page_id: page.id, clicked: true, navigation_occurred: navigated, url, point };
}

export async function type(session: Session, page: PageHandle, p: ParamsOf<'page.type'>, signal: AbortSignal): Promise<ResultOf<'page.type'>> {
  const target = await resolveTarget(session, page, 'page.type', p, signal);
  await actionPoint(session, page, target, 'type', signal);
  const focused = await call(page, target.frame, 'focus', [target.doc, target.id, p.replace ?? false], signal);
  if (!focused.ok) throw notActionable(session, page, target, focused);
  if (p.text.length > 0) await page.backend.typeText(p.text, signal);
  if (p.submit) await page.backend.press(['Enter'], signal);
  return { page_id: page.id, typed: true };
}

export async function hover(session: Session, page: PageHandle, p: ParamsOf<'page.hover'>, signal: AbortSignal): Promise<ResultOf<'page.hover'>> {
  const target = await resolveTarget(session, page, 'page.hover', p, signal);
  const point = await actionPoint(session, page, target, 'hover', signal);
  await page.backend.hover(point, signal);
  return { page_id: page.id, hovered: true };
}

/** `Control+Shift+K` → ['Control', 'Shift', 'K']; a lone `+` is the plus key. */
export function parseChord(key: string): string[] {
  if (key === '+') return ['+'];
  const parts = key.split('+');
  const keys: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (part === '' && parts[i + 1] === '') {
      keys.push('+');
      i++;
    } else if (part !== '') keys.push(part);
  }
  return keys;
}

export async function press(session: Session, page: PageHandle, p: ParamsOf<'page.press'>, signal: AbortSignal): Promise<ResultOf<'page.press'>> {
  if (p.element_ref !== undefined || p.selector !== undefined || p.text_query !== undefined) {
    const target = await resolveTarget(session, page, 'page.press', p, signal);
    await actionPoint(session, page, target, 'hover', signal);
    // Focus for keys, not for typing: a slider handle or a tab takes arrow keys without being editable.
    const focused = await call(page, target.frame, 'focus', [target.doc, target.id, false, true], signal);
    if (!focused.ok && focused.code !== 'not_editable') throw notActionable(session, page, target, focused);
  }
  await page.backend.press(parseChord(p.key), signal);
  return { page_id: page.id, pressed: true };
}

export async function select(session: Session, page: PageHandle, p: ParamsOf<'page.select'>, signal: AbortSignal): Promise<ResultOf<'page.select'>> {
  // `value` / `label` are the one-option forms of `values` / `labels` (the schema refuses both at once).
  const values = p.values ?? (p.value !== undefined ? [p.value] : undefined);
  const labels = p.labels ?? (p.label !== undefined ? [p.label] : undefined);
  if (values === undefined && labels === undefined) {
    throw new ProviderError('invalid_request', 'page.select: one of values, labels, value, label is required', { detail: 'invalid_params', details: { field: 'values' } });
  }
  const target = await resolveTarget(session, page, 'page.select', p, signal);
  await actionPoint(session, page, target, 'select', signal);
  const r = await call(page, target.frame, 'select', [target.doc, target.id, values ?? null, labels ?? null], signal);
  if (!r.ok) throw notActionable(session, page, target, r);
  return { page_id: page.id, selected: r.selected };
}
