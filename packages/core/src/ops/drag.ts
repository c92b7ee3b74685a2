import type { DragReport } from '@browser-provider/page-script';
import type { DragEvents, ParamsOf, ResultOf } from '@browser-provider/protocol';
import type { PointerAction, ViewportPoint } from '../backend';
import { ERRORS, raise } from '../catalog';
import { ProviderError } from '../catalog/errors';
import type { PageHandle } from '../state/page';
import type { Session } from '../state/session';
import { mouse, pointerMove } from '../toolkit/w3c/pointer';
import { actionPoint, notActionable } from './actionability';
import { missedGesture, unreachedFrame } from './actions';
import { call, toTopPoint } from './frames';
import { inputReleasedAll } from './mouse';
import { resolveTarget, type Target } from './targets';

/**
 * `page.drag`, composed in core on the backend's raw input: the source is checked as a click's target
 * is (and its press guarded in the page), the drop target too (the source never counting as covering
 * it); then the pointer presses, moves in steps (every widget here acts on mousemove: jQuery UI's
 * sortable rearranges once per move), and releases. Between the moves and the release the page is
 * asked what the press reached and, where the engine makes no HTML5 drop, dispatches the drop.
 * Inside a frame both ends are the frame's: the page script answers points in the frame's viewport,
 * which are mapped to the top-level one (and hit-tested in every ancestor) the way a click's are;
 * the drop the page script may dispatch is told the frame's point.
 */

/** Longest step of a move (px): a sortable item is rarely shorter, so no item is skipped. */
const STEP_PX = 15;
const MIN_STEPS = 5;
const MAX_STEPS = 40;
/**
 * How long the pointer holds still on the drop point before the release, as a person's does.
 * SortableJS's fallback (pointer) mode rearranges on a 50 ms timer, not on each move, and jQuery UI's
 * sortable re-reads item positions on a timeout after each rearrange: released at once, Firefox 153
 * dropped a SortableJS item one place short, or where it was.
 */
const SETTLE_MS = 120;

/** The moves from `a` to `b`, at most STEP_PX apart, ending on `b`. */
export function dragPath(a: ViewportPoint, b: ViewportPoint): PointerAction[] {
  const n = Math.min(MAX_STEPS, Math.max(MIN_STEPS, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / STEP_PX)));
  const at = (from: number, to: number, i: number) => (i === n ? to : Math.round((from + ((to - from) * i) / n) * 100) / 100);
  return Array.from({ length: n }, (_, i) => pointerMove({ x: at(a.x, b.x, i + 1), y: at(a.y, b.y, i + 1) }));
}

export async function drag(session: Session, page: PageHandle, p: ParamsOf<'page.drag'>, mode: DragEvents, warnings: string[], signal: AbortSignal): Promise<ResultOf<'page.drag'>> {
  const source = await resolveTarget(session, page, 'page.drag', p, signal);
  let dest: Target | undefined;
  let to: ViewportPoint | undefined = p.to_point;
  /** The drop point in the source's frame: what the page script's drop hit-tests. */
  let inFrame: ViewportPoint | undefined;
  if (p.to_point === undefined) {
    const destTarget = { element_ref: p.to_element_ref, selector: p.to_selector, text_query: p.to_text_query };
    dest = await resolveTarget(session, page, 'page.drag', destTarget, signal).catch((e: unknown) => {
      throw keepBothEnds(e, session, page, p, source);
    });
    if (dest.frame !== source.frame || dest.doc !== source.doc) throw otherDocument(session, page);
    const check = await call(page, dest.frame, 'dropPoint', [dest.doc, dest.id, source.id], signal);
    if (!check.ok) throw notActionable(session, page, dest, check);
    const top = await toTopPoint(page, session.id, dest.frame, check.point, signal);
    if (!top.ok) throw notActionable(session, page, dest, { ok: false, code: 'obscured', message: `covered by ${top.cover}`, cover: top.cover });
    inFrame = check.point;
    to = top.point;
  }
  // Where the source is before the press, to say afterwards what the drag did to it.
  await call(page, source.frame, 'dragPlace', [source.doc, source.id, false], signal);
  // Last, so nothing scrolls between the press check (which arms the guard) and the press.
  const from = await actionPoint(session, page, source, 'drag', signal, { button: 'left', count: 1, ...(mode === 'synthesized' ? { synthesize: true } : {}) });
  if (inFrame === undefined && p.to_point !== undefined) {
    // A top-level point, once the source is in view: the frame's offset (read only, nothing scrolls) takes it back.
    const origin = await toTopPoint(page, session.id, source.frame, { x: 0, y: 0 }, signal, { hitTest: false });
    if (origin.ok) inFrame = { x: p.to_point.x - origin.point.x, y: p.to_point.y - origin.point.y };
  }
  const end = to as ViewportPoint;
  let report: DragReport;
  try {
    await page.backend.input([mouse([pointerMove(from), { type: 'pointerDown', button: 0 }, ...dragPath(from, end), { type: 'pause', duration: SETTLE_MS }])], signal, { hold: true });
    report = await call(page, source.frame, 'dragReport', [source.doc, dest?.id ?? null, inFrame ?? end], signal);
  } finally {
    // Released whatever happened: a button left down would turn the next click into a drag.
    inputReleasedAll(page);
    await page.backend.input([mouse([{ type: 'pointerUp', button: 0 }])], signal).catch(() => undefined);
  }
  // Firefox 153 delivers no pointer input into an out-of-process (cross-site) frame: the frame's guard
  // saw no press at all. Said so, never answered as a drag.
  if (report.began === null && source.frame !== page.backend.mainFrame) {
    // The frame's URL for the repair: script calls still reach the frame when pointer input does not.
    const { url } = await call(page, source.frame, 'clickReport', [source.doc], signal);
    throw unreachedFrame(session, page, source.ref, 'drag', url);
  }
  if (report.began === false) {
    throw missedGesture(session, page, source.ref, `The drag of ${source.ref} was cancelled: the page moved between the check and the press, and the press would have landed on another element. Nothing was dragged.`);
  }
  if (report.missed !== undefined) warnings.push(`The drag of ${source.ref} was pressed and moved, but the drop point no longer landed on the target (${report.missed}), so no HTML5 drop was dispatched; take a snapshot before dragging again.`);
  // The page's word on what moved: a snapshot diff cannot show a reorder (its lines key on refs).
  const moved = await call(page, source.frame, 'dragPlace', [source.doc, source.id, true], signal).catch(() => false as const);
  if (moved === null) warnings.push(`The drag of ${source.ref} was done, but ${source.ref} itself did not move (the same place among its siblings, the same box); what else changed, if anything, shows in a snapshot diff.`);
  return {
    page_id: page.id,
    dragged: true,
    from,
    to: end,
    html5: report.html5,
    ...(report.dropped !== undefined ? { dropped: report.dropped } : {}),
    ...(moved !== false && moved !== undefined ? { moved } : {}),
  };
}

const TARGET_KEYS = new Set(['element_ref', 'selector', 'text_query', 'to_element_ref', 'to_selector', 'to_text_query', 'rev']);

/**
 * An ambiguous drop target: the repair repeats the drag with both ends, the source by the ref it
 * resolved to and the first candidate as to_element_ref. (The shared repair puts a candidate in
 * element_ref, which for a drop target would drag the candidate and drop nothing.)
 */
function keepBothEnds(e: unknown, session: Session, page: PageHandle, p: ParamsOf<'page.drag'>, source: Target): unknown {
  if (!(e instanceof ProviderError) || e.details.code !== 'ambiguous') return e;
  const candidates = e.details.candidates as Array<{ element_ref: string }> | undefined;
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) if (!TARGET_KEYS.has(k) && v !== undefined) rest[k] = v;
  const message = e.message.replace(/pick one by element_ref\.$/, 'pick the drop target by to_element_ref.');
  return raise(ERRORS.ambiguous, message, {
    method: 'page.drag',
    params: { ...rest, session_id: session.id, page_id: page.id, to_element_ref: candidates?.[0]?.element_ref },
    element_ref: source.ref,
  }, { details: { candidates } });
}

function otherDocument(session: Session, page: PageHandle): ProviderError {
  return raise(ERRORS.drag_in_frame, "The source and the drop target are in different documents (another frame): page.drag drags within one document, the top-level one or a frame's. Nothing was dragged.", { session_id: session.id, page_id: page.id });
}
