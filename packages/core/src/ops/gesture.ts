import type { BackendPage, InputSource, NavigationHint, ViewportPoint } from '../backend';
import { chordKeyActions, keyboard, textKeyActions } from '../toolkit/w3c/keys';
import { clickSources, mouse, PLAIN_CLICK, pointerMove, type ClickGesture } from '../toolkit/w3c/pointer';

/**
 * The gestures of every engine, composed once on the backend's raw input (`input`) and its
 * navigation watch (`watchNavigation`): the backend only sends action sequences and tells whether
 * the top-level document changed; the order of dispatch, page report and navigation wait is here.
 */

/**
 * Asks the page what it saw of a click. `alongside`: sent together with the dispatch (it may reach
 * the page before the click), so the page answers once the gesture is over.
 */
export type ClickReportFn = (signal: AbortSignal, alongside: boolean) => Promise<NavigationHint>;

/**
 * Sends `sources`, asks `report` what the page saw (alongside the dispatch where the backend says
 * that is free, else after it), then waits as the answer allows for a navigation the input started.
 */
async function inputThenSettle(page: BackendPage, sources: readonly InputSource[], signal: AbortSignal, hold: boolean, report?: ClickReportFn): Promise<{ navigated: boolean }> {
  // Made before the input goes out: a browser may report the navigation before it answers the input.
  const watch = await page.watchNavigation(signal);
  try {
    const ask = (alongside: boolean) => (report ? report(signal, alongside).catch((): NavigationHint => 'unknown') : Promise.resolve<NavigationHint>('unknown'));
    const sent = page.input(sources, signal, { hold });
    const early = report && page.reportAlongsideInput === true ? ask(true) : undefined;
    await sent;
    // Otherwise one command at a time: Firefox 153 answers a command that overlaps
    // input.performActions or input.releaseActions only after ~40 ms.
    const hint = await (early ?? ask(false));
    return { navigated: await watch.settle(hint, signal) };
  } finally {
    watch.dispose();
  }
}

/**
 * Trusted click gesture (default one left click) at a point of the top-level viewport, in CSS
 * pixels; reports whether it replaced the top-level document (waiting until that committed).
 * `report`, when given, is asked once, alongside or right after the dispatch, before any wait for a
 * navigation. Core passes only a button the engine's `clickButtons()` lists.
 */
export async function clickAt(page: BackendPage, point: ViewportPoint, signal: AbortSignal, report?: ClickReportFn, gesture: ClickGesture = PLAIN_CLICK): Promise<{ navigated: boolean }> {
  // A click leaves nothing pressed (its sources release every button and key they press), and neither
  // Firefox 153 nor Chromium 156 merges the clicks of separate performActions into one gesture
  // (checked: event.detail starts at 1 again, also right after a double click): no release needed.
  return inputThenSettle(page, clickSources(point, gesture), signal, true, report);
}

/** Trusted pointer move to a point of the top-level viewport. */
export async function hoverAt(page: BackendPage, point: ViewportPoint, signal: AbortSignal): Promise<void> {
  await page.input([mouse([pointerMove(point)])], signal);
}

/** Trusted key input of `text` into whatever has focus: a key down and up per code point, `\n` as Enter. */
export async function typeText(page: BackendPage, text: string, signal: AbortSignal): Promise<void> {
  if (text) await page.input([keyboard(textKeyActions(text))], signal);
}

/** Presses a chord: keys are W3C key values or names (`Enter`, `Control`, `a`), pressed in order and released in reverse. */
export async function pressKeys(page: BackendPage, keys: string[], signal: AbortSignal): Promise<{ navigated: boolean }> {
  return inputThenSettle(page, [keyboard(chordKeyActions(keys))], signal, false);
}
