import type { ActionCheck, ActionKind, GuardedGesture, NotActionableCode } from '@browser-provider/page-script';
import { sleep } from '../toolkit/deadline';
import { ACTIONABILITY, raise } from '../catalog';
import type { ProviderError } from '../catalog/errors';
import type { PageHandle } from '../state/page';
import { staleRef } from '../catalog/repair';
import type { Session } from '../state/session';
import { call, toTopPoint } from './frames';
import type { Target } from './targets';

/**
 * How long an action keeps re-checking a target that is not actionable yet (animating, briefly
 * covered, not yet shown) before it answers `element_not_actionable`. Short on purpose: an agent
 * learns more from a fast, classified refusal than from a long silent wait.
 */
export const ACTIONABILITY_WINDOW_MS = 1_500;
export const RETRY_EVERY_MS = 100;

/** Causes that waiting cannot fix: answer at once. */
const FINAL: ReadonlySet<NotActionableCode> = new Set(['file_input', 'not_editable', 'not_select', 'no_option', 'stale_ref', 'untrusted_realm']);

export function notActionable(session: Session, page: PageHandle, target: Target, failed: Extract<ActionCheck, { ok: false }>): ProviderError {
  const a = { session_id: session.id, page_id: page.id, element_ref: target.ref, cover: failed.cover };
  if (failed.code === 'stale_ref') return staleRef(session.id, page.id, target.ref, 'it was removed from the page');
  return raise(ACTIONABILITY[failed.code], `Element ${target.ref} cannot be acted on: ${failed.message}`, a, {
    details: { element_ref: target.ref, ...(failed.cover ? { cover: failed.cover } : {}) },
  });
}

/**
 * Scrolls the target into view and checks it until it is actionable or the window closes, then maps
 * its action point to the top-level viewport (checking the hit-test in every ancestor frame too).
 * Nothing is dispatched by this function. A click check arms the page's guard for `gesture`.
 * `onFace` hears when the point is on a restyled field's visible face rather than on the field.
 */
export async function actionPoint(
  session: Session,
  page: PageHandle,
  target: Target,
  kind: ActionKind,
  signal: AbortSignal,
  gesture?: GuardedGesture,
  onFace?: (face: string) => void,
): Promise<{ x: number; y: number }> {
  const until = Date.now() + ACTIONABILITY_WINDOW_MS;
  for (;;) {
    const check = await call(page, target.frame, 'prepare', gesture ? [target.doc, target.id, kind, gesture] : [target.doc, target.id, kind], signal);
    let failure: Extract<ActionCheck, { ok: false }>;
    if (check.ok) {
      const top = await toTopPoint(page, session.id, target.frame, check.point, signal);
      if (top.ok) {
        if (check.face !== undefined) onFace?.(check.face);
        return top.point;
      }
      // Covered in an ancestor frame: nothing will be dispatched, so the armed click guard stands down.
      if (kind === 'click' || kind === 'drag') await call(page, target.frame, 'disarm', [], signal).catch(() => undefined);
      failure = { ok: false, code: 'obscured', message: `covered by ${top.cover}`, cover: top.cover };
    } else {
      failure = check;
    }
    if (FINAL.has(failure.code) || Date.now() + RETRY_EVERY_MS > until) throw notActionable(session, page, target, failure);
    await sleep(RETRY_EVERY_MS, signal);
  }
}
