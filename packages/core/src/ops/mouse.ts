import type { PointReport } from '@browser-provider/page-script';
import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import type { InputSource } from '../backend';
import { BUTTON_NUMBERS, clickSources, mouse, pointerMove, viewportPixel, wheel, wheelScroll } from '../toolkit/w3c/pointer';
import { ERRORS, raise } from '../catalog';
import type { ProviderError } from '../catalog/errors';
import { clickAt } from './gesture';
import { cut, LIMITS } from '../state/limits';
import type { PageHandle } from '../state/page';
import type { Provider } from '../provider';
import type { Session } from '../state/session';
import { call } from './frames';
import { mouseOptions } from './method-options';

/**
 * `page.mouse`: raw pointer and wheel input at a point of the top-level viewport, on the backend's
 * raw `input`. No ref, so no actionability check, by design (a canvas, a map, a gap between
 * elements); what guards it is the viewport check here and the session's lease on the page. The page
 * is asked, from our realm, what is at the point, so the answer says what the pointer hit.
 */

type PointerState = PageHandle['mouse'];

type Result = ResultOf<'page.mouse'>;

export async function mouseAction(provider: Provider, session: Session, page: PageHandle, p: ParamsOf<'page.mouse'>, warnings: string[], signal: AbortSignal): Promise<Result> {
  const button = p.button ?? 'left';
  mouseOptions(provider, session, p.action, button);
  const state = page.mouse;
  // Whole pixels before the page is asked what is there: the answer then names the point the input goes to.
  const given = p.x !== undefined && p.y !== undefined ? viewportPixel({ x: p.x, y: p.y }) : state.point;
  if (given === undefined && p.action !== 'wheel') throw noPoint(session, page, p.action);
  const top = page.backend.mainFrame;
  const report = await call(page, top, 'pointAt', [given ?? null], signal);
  if (report.ok && !report.inside) throw outOfViewport(session, page, report);
  if (!report.ok) warnings.push(`Nothing can say what is at the point on this page (${report.why}); the WebDriver's own bounds check still applies.`);
  const point = report.ok ? report.point : (given ?? { x: 0, y: 0 });
  const at = report.ok ? hitOf(session, page, report) : null;

  let navigation: Pick<Result, 'navigation_occurred' | 'url'> = {};
  switch (p.action) {
    case 'move':
      await send(page, [mouse([pointerMove(point)])], state, signal);
      break;
    case 'down':
      state.held.add(button);
      await send(page, [mouse([pointerMove(point), { type: 'pointerDown', button: BUTTON_NUMBERS[button] }])], state, signal).catch((e: unknown) => {
        // A failed input is released by the backend: nothing stays pressed.
        state.held.clear();
        throw e;
      });
      break;
    case 'up': {
      const wasHeld = state.held.delete(button);
      if (!wasHeld) warnings.push(`The ${button} button was not held down by page.mouse on this page, so the up released nothing (no mouseup was sent by the engine).`);
      await send(page, [mouse([pointerMove(point), { type: 'pointerUp', button: BUTTON_NUMBERS[button] }])], state, signal);
      break;
    }
    case 'click': {
      const gesture = { button, count: (p.click_count ?? 1) as 1 | 2 | 3, modifiers: p.modifiers ?? [] };
      if ((p.delay_ms ?? 0) === 0) {
        const { navigated } = await clickAt(page.backend, point, signal, undefined, gesture);
        navigation = { navigation_occurred: navigated };
      } else {
        await send(page, clickSources(point, gesture, p.delay_ms), state, signal);
      }
      navigation = { ...navigation, ...(await urlNow(page, signal)) };
      break;
    }
    case 'wheel':
      await send(page, [wheel([wheelScroll(point, p.delta_x ?? 0, p.delta_y ?? 0)])], state, signal);
      break;
  }
  state.point = point;
  return { page_id: page.id, action: p.action, point, at, pressed: [...state.held], ...navigation };
}

/**
 * Another action's input went out without hold (hover, type, press, the end of a drag): the backend
 * released every button after it, so page.mouse holds none any more and its next answer says so.
 */
export function inputReleasedAll(page: PageHandle): void {
  page.mouse.held.clear();
}

/** One raw input; whatever page.mouse still holds after it stays pressed for the next call. */
function send(page: PageHandle, sources: InputSource[], state: PointerState, signal: AbortSignal): Promise<void> {
  return page.backend.input(sources, signal, { hold: state.held.size > 0 });
}

async function urlNow(page: PageHandle, signal: AbortSignal): Promise<{ url?: string }> {
  try {
    return { url: cut((await page.backend.info(signal)).url, LIMITS.urlChars) };
  } catch {
    // The click was done; a page between documents answers no URL, which must not turn it into an error.
    return {};
  }
}

/** The element at the point, named by the first ref the session already has on it or its ancestors. */
function hitOf(session: Session, page: PageHandle, r: Extract<PointReport, { ok: true }>): Result['at'] {
  if (r.hit === null) return null;
  const frame = page.backend.mainFrame;
  const refs = r.hit.chain.map((id) => session.refs.peek({ pageId: page.id, frame, doc: r.doc, id }));
  const own = refs[0];
  const nearest = own === undefined ? refs.find((ref) => ref !== undefined) : undefined;
  return {
    tag: cut(r.hit.tag, LIMITS.methodChars),
    description: cut(r.hit.description, LIMITS.nameChars),
    ...(own !== undefined ? { element_ref: own } : {}),
    ...(nearest !== undefined ? { inside_ref: nearest } : {}),
  };
}

function outOfViewport(session: Session, page: PageHandle, r: Extract<PointReport, { ok: true }>): ProviderError {
  const { width, height } = r.viewport;
  return raise(
    ERRORS.out_of_viewport,
    `The point (${r.point.x}, ${r.point.y}) is outside the viewport, which is ${width}×${height} CSS pixels (x from 0 to ${width - 1}, y from 0 to ${height - 1}). Nothing was dispatched.`,
    { session_id: session.id, page_id: page.id },
    { details: { point: r.point, viewport: r.viewport } },
  );
}

function noPoint(session: Session, page: PageHandle, action: string): ProviderError {
  return raise(
    ERRORS.invalid_params,
    `x, y: page.mouse ${action} without a point acts where the last page.mouse put the pointer on this page, and there is none yet.`,
    { session_id: session.id, page_id: page.id },
    { details: { field: 'x' }, withRepair: true },
  );
}
