import type { ClickReport } from '@browser-provider/page-script';
import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { clickAt, hoverAt, pressKeys, typeText } from './gesture';
import type { ClickGesture } from '../toolkit/w3c/pointer';
import { ERRORS, raise } from '../catalog';
import { toProviderError, type ProviderError } from '../catalog/errors';
import { cut, LIMITS } from '../state/limits';
import type { PageHandle } from '../state/page';
import type { Session } from '../state/session';
import { sleep } from '../toolkit/deadline';
import { ACTIONABILITY_WINDOW_MS, actionPoint, notActionable, RETRY_EVERY_MS } from './actionability';
import { call } from './frames';
import { inputReleasedAll } from './mouse';
import { resolveTarget, type Target } from './targets';

/** How long a report asked alongside the dispatch waits in the page for the click to be over. */
const REPORT_WAIT_MS = 500;

/** `gesture` comes from clickGesture (./method-options): the session's engine can do it. */
export async function click(session: Session, page: PageHandle, p: ParamsOf<'page.click'>, gesture: ClickGesture, warnings: string[], signal: AbortSignal): Promise<ResultOf<'page.click'>> {
  if (p.position !== undefined) {
    const { navigated } = await clickAt(page.backend, p.position, signal, undefined, gesture);
    return { page_id: page.id, clicked: true, navigation_occurred: navigated, ...(await urlAfter(page, warnings, signal)), point: p.position };
  }
  const target = await resolveTarget(session, page, 'page.click', p, signal);
  const inTop = target.frame === page.backend.mainFrame;
  const attempt = async () => {
    // An ok check arms the page's click guard for this gesture in the target's frame (see prepare in
    // the page script).
    let face: string | undefined;
    const point = await actionPoint(session, page, target, 'click', signal, { button: gesture.button, count: gesture.count }, (f) => (face = f));
    let seen: ClickReport | undefined;
    const report = async (s: AbortSignal, alongside: boolean) => {
      seen = await call(page, target.frame, 'clickReport', alongside ? [target.doc, REPORT_WAIT_MS] : [target.doc], s);
      // A frame's own Navigation API cannot see a navigation of the top-level document.
      return inTop ? seen.navigation : 'unknown';
    };
    const { navigated } = await clickAt(page.backend, point, signal, report, gesture);
    return { point, navigated, seen, face };
  };
  const until = Date.now() + ACTIONABILITY_WINDOW_MS;
  let { point, navigated, seen, face } = await attempt();
  // Cancelled from its first event, the gesture reached nothing (the page showed something else under
  // the pointer, often the target's own hover look still loading): the whole check runs again on a
  // fresh hit-test, at least once and while the actionability window lasts, as Playwright's retry
  // loop does, before the click is refused as missed.
  for (let retries = 0; !navigated && seen?.landed === false && seen.began === false && (retries === 0 || Date.now() + RETRY_EVERY_MS <= until); retries++) {
    await sleep(RETRY_EVERY_MS, signal);
    ({ point, navigated, seen, face } = await attempt());
  }
  // Said of the gesture that was answered, not of an earlier attempt the retry replaced.
  if (face !== undefined) warnings.push(faceWarning(target.ref, face));
  // Firefox 153 delivers no pointer input into an out-of-process (cross-site) frame: the frame's guard
  // saw no event at all and the document is the same one. Said so, never answered as a click.
  if (!navigated && !inTop && seen?.landed === null && seen.began === undefined && seen.navigation !== 'started') {
    throw unreachedFrame(session, page, target.ref, 'click', seen.url);
  }
  let interrupted: ResultOf<'page.click'>['interrupted'];
  if (!navigated && seen?.landed === false) {
    // The gesture is judged by its first event: once that reached the element, the page received the
    // click and may have acted on it (focused a field, closed a menu), so an error would invite a
    // second click. Only a gesture cancelled from its first event did nothing.
    if (seen.began !== true) throw missed(session, page, target.ref);
    interrupted = { reached: seen.reached ?? [], cancelled: seen.cancelled ?? [] };
    warnings.push(interruptedWarning(target.ref, interrupted));
  }
  const url = !navigated && inTop && seen !== undefined ? { url: seen.url } : await urlAfter(page, warnings, signal);
  return { page_id: page.id, clicked: true, navigation_occurred: navigated, ...url, point, ...(interrupted ? { interrupted } : {}) };
}

/**
 * The page's URL after a click, which has been dispatched by now: a page that is between documents
 * (Chromium 156 answers "Cannot find context" while a redirect replaces the one the click opened) or
 * gone leaves it out with a warning, never turns the click into an error that would have it repeated.
 */
async function urlAfter(page: PageHandle, warnings: string[], signal: AbortSignal): Promise<{ url?: string }> {
  try {
    return { url: (await page.backend.info(signal)).url };
  } catch (e) {
    if (signal.aborted) throw e;
    warnings.push(`The click was done, but the page's URL could not be read after it (${toProviderError(e).message}).`);
    return {};
  }
}

function interruptedWarning(ref: string, i: NonNullable<ResultOf<'page.click'>['interrupted']>): string {
  const got = i.reached.length > 0 ? ` after it got ${i.reached.join(', ')}` : '';
  return `The click on ${ref} reached it, but the page changed under the pointer${got}: the rest of the gesture (${i.cancelled.join(', ')}) would have landed on another element and was cancelled. The page may have acted on the click; take a snapshot before clicking again.`;
}

/** The guard cancelled the gesture from its first event, which would have landed elsewhere: nothing reached the page. */
function missed(session: Session, page: PageHandle, ref: string): ProviderError {
  return missedGesture(session, page, ref, `The click on ${ref} was cancelled: the page moved between the check and the dispatch, and the pointer would have landed on another element. Nothing was clicked.`);
}

/** `missed`, for any gesture the page-side guard cancelled from its first event (a click, a drag's press). */
export function missedGesture(session: Session, page: PageHandle, ref: string, message: string): ProviderError {
  return raise(ERRORS.missed, message, { session_id: session.id, page_id: page.id }, { details: { element_ref: ref, dispatched: true, cancelled: true } });
}

/**
 * A gesture (a click, a drag) whose frame got none of its pointer input: refused by name, with the
 * frame's own page (`url`, the frame's URL) as the way on. One detail for both gestures, so one repair.
 */
export function unreachedFrame(session: Session, page: PageHandle, ref: string, gesture: 'click' | 'drag', url: string): ProviderError {
  const done = gesture === 'click' ? 'clicked' : 'dragged';
  return raise(
    ERRORS.input_not_delivered,
    `The frame holding ${ref} received none of the ${gesture}'s pointer input (this engine does not deliver it into that frame, e.g. a cross-site one): nothing was ${done}.`,
    { session_id: session.id, page_id: page.id, url, gesture },
    { details: { element_ref: ref, dispatched: true } },
  );
}

/**
 * Fills a field by its kind (page-script fill.ts): a picker (date, time, colour, range…) is set through
 * its value in the page; anything else is focused and typed into with trusted keys. Either way the
 * value is read back before Enter: the answer says what the field holds, and a value it did not keep
 * is `value_rejected`, never a success.
 */
export async function type(session: Session, page: PageHandle, p: ParamsOf<'page.type'>, warnings: string[], signal: AbortSignal): Promise<ResultOf<'page.type'>> {
  const target = await resolveTarget(session, page, 'page.type', p, signal);
  await actionPoint(session, page, target, 'type', signal);
  const replace = p.replace ?? false;
  const filled = await call(page, target.frame, 'fill', [target.doc, target.id, p.text, replace], signal);
  if (!filled.ok) throw filled.code === 'value_rejected' ? valueRejected(session, page, target.ref, filled) : notActionable(session, page, target, filled);
  inputReleasedAll(page);
  let value: string | null = filled.by === 'value' ? filled.value : null;
  if (filled.by === 'keys') {
    const focused = await call(page, target.frame, 'focus', [target.doc, target.id, replace], signal);
    if (!focused.ok) throw notActionable(session, page, target, focused);
    // An editor keeps its own caret: the keys a person presses there put it at the end, or select
    // everything for the typing to replace (the DOM selection set by focus is no editor's selection).
    // Control is the editors' modifier on Linux and Windows; macOS editors take Meta instead.
    if (filled.editor !== undefined) await pressKeys(page.backend, replace ? ['Control', 'a'] : ['Control', 'End'], signal);
    await typeText(page.backend, p.text, signal);
    value = await call(page, target.frame, 'value', [target.doc, target.id], signal);
    if (filled.editor !== undefined) value = await editorSettled(page, target, filled.editor.before, value, signal);
    // Typing that changed nothing the editor shows reached no editor: an error, never a success.
    if (filled.editor !== undefined && value === filled.editor.before && p.text !== '' && !(replace && p.text === value)) {
      throw raise(ERRORS.editor_unchanged, `The keys were typed into ${target.ref}${filled.editor.hidden ? ", an editor's hidden input," : ''} and the editor's text did not change: nothing was typed.`, { session_id: session.id, page_id: page.id, element_ref: target.ref }, {
        details: { element_ref: target.ref, value: cap(value ?? '') },
      });
    }
    // A number field keeps no text that is not a number: it reads back empty (HTML value sanitization).
    if (filled.hint !== undefined && value === '' && p.text.trim() !== '') {
      throw valueRejected(session, page, target.ref, { message: `${JSON.stringify(p.text)} was typed, and the field kept no number`, format: 'number', hint: filled.hint, value });
    }
    if (filled.exact === true && replace && value !== null && value !== p.text && !p.text.includes('\n')) {
      warnings.push(`${target.ref} now holds ${JSON.stringify(cap(value))}, not the text typed (a length limit, a mask or the page's own formatting changed it).`);
    }
  }
  if (p.submit) await pressKeys(page.backend, ['Enter'], signal);
  return { page_id: page.id, typed: true, by: filled.by, ...(value !== null ? { value: cap(value) } : {}) };
}

const cap = (s: string) => cut(s, LIMITS.nameChars);

/** Rendering steps an editor gets to draw the typed text (Ace and Monaco draw on an animation frame). */
const EDITOR_SETTLE_ROUNDS = 5;

/**
 * The editor's text once it has drawn the keys: read after each two rendering steps until two reads
 * agree and differ from the text before typing, for at most EDITOR_SETTLE_ROUNDS rounds.
 */
async function editorSettled(page: PageHandle, target: Target, before: string, first: string | null, signal: AbortSignal): Promise<string | null> {
  let value = first;
  for (let i = 0; i < EDITOR_SETTLE_ROUNDS; i++) {
    await call(page, target.frame, 'settledMetrics', [], signal);
    const now = await call(page, target.frame, 'value', [target.doc, target.id], signal);
    if (now === value && now !== before) return now;
    value = now;
  }
  return value;
}

/** The field did not keep the text: refused with the format it takes, as a call that would do. */
function valueRejected(session: Session, page: PageHandle, ref: string, r: { message: string; format: string; hint: string; value: string }): ProviderError {
  return raise(ERRORS.value_rejected, `${ref} did not take the value: ${r.message}; nothing was kept.`, { session_id: session.id, page_id: page.id, element_ref: ref, format: r.format, hint: r.hint }, {
    details: { element_ref: ref, format: r.format, value: cap(r.value) },
  });
}

export async function hover(session: Session, page: PageHandle, p: ParamsOf<'page.hover'>, signal: AbortSignal): Promise<ResultOf<'page.hover'>> {
  const target = await resolveTarget(session, page, 'page.hover', p, signal);
  const point = await actionPoint(session, page, target, 'hover', signal);
  inputReleasedAll(page);
  await hoverAt(page.backend, point, signal);
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
  inputReleasedAll(page);
  await pressKeys(page.backend, parseChord(p.key), signal);
  return { page_id: page.id, pressed: true };
}

export async function select(session: Session, page: PageHandle, p: ParamsOf<'page.select'>, signal: AbortSignal): Promise<ResultOf<'page.select'>> {
  // `value` / `label` are the one-option forms of `values` / `labels` (the schema refuses both at once).
  const values = p.values ?? (p.value !== undefined ? [p.value] : undefined);
  const labels = p.labels ?? (p.label !== undefined ? [p.label] : undefined);
  if (values === undefined && labels === undefined) {
    throw raise(ERRORS.invalid_params, 'page.select: one of values, labels, value, label is required', undefined, { details: { field: 'values' } });
  }
  const target = await resolveTarget(session, page, 'page.select', p, signal);
  await actionPoint(session, page, target, 'select', signal);
  const r = await call(page, target.frame, 'select', [target.doc, target.id, values ?? null, labels ?? null], signal);
  if (!r.ok) throw notActionable(session, page, target, r);
  return { page_id: page.id, selected: r.selected };
}

/** Said when a click went to a restyled field's face (the page script's face.ts): what was pressed. */
export function faceWarning(ref: string, face: string): string {
  return `${ref} is a field its page paints transparent under a face of its own, so the click went where a person clicks it: on that face, ${face}.`;
}
