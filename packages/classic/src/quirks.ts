import type { InputSource } from '@browser-provider/core/backend';
import { BUTTON_NUMBERS, sleep, unsupportedClickOption } from '@browser-provider/core/toolkit';
import type { ClickButton, MouseAction } from '@browser-provider/protocol';

/**
 * How one engine's classic WebDriver departs from the standard in its input, given by the adapter
 * (as BidiAdapter gives BiDi's): the classic backend itself stays engine-agnostic.
 */
export interface ClassicQuirks {
  /** The buttons its Perform Actions presses and releases faithfully; core refuses the others. */
  readonly clickButtons: readonly ClickButton[];
  /**
   * Presses this close in time (ms) and space (px) at one point count as one gesture, across Perform
   * Actions calls and despite Release Actions: a press near the last one waits the time out, so two
   * page.click calls in a row stay two single clicks (see applyQuirks).
   */
  readonly mergesPressesWithin?: { readonly ms: number; readonly px: number };
  /** Its Perform Actions makes HTML5 drag events (dragstart … drop) from pointer input; else page.drag dispatches them. */
  readonly nativeDragEvents?: boolean;
  /** The page.mouse actions its Perform Actions does not do faithfully; core refuses them by name. */
  readonly mouseActionsLacking?: readonly MouseAction[];
}

/** An engine whose classic input follows the standard. */
export const STANDARD_INPUT: ClassicQuirks = { clickButtons: ['left', 'middle', 'right'] };

/** Where and when a page's last press went out (for `mergesPressesWithin`). */
export interface LastPress {
  last?: { x: number; y: number; at: number };
}

/** Each pointerDown of `sources`, with the button's name and where the pointer was. */
function pressesOf(sources: readonly InputSource[]): Array<{ x: number; y: number; button: string }> {
  const names = new Map<number, string>(Object.entries(BUTTON_NUMBERS).map(([name, n]) => [n, name]));
  const presses: Array<{ x: number; y: number; button: string }> = [];
  for (const source of sources) {
    if (source.type !== 'pointer') continue;
    let at = { x: 0, y: 0 };
    for (const a of source.actions) {
      if (a.type === 'pointerMove') at = { x: a.x, y: a.y };
      else if (a.type === 'pointerDown') presses.push({ ...at, button: names.get(a.button) ?? String(a.button) });
    }
  }
  return presses;
}

/**
 * The engine's input quirks, applied to action sequences (integer points) before they are sent: a
 * button it does not press faithfully is refused, never pressed (core refuses it before this too),
 * and a press near the last one waits the merge time out. Answers what to call once they were sent,
 * done or failed: it remembers their last press.
 */
export async function applyQuirks(quirks: ClassicQuirks, sources: readonly InputSource[], memory: LastPress, signal: AbortSignal): Promise<() => void> {
  const presses = pressesOf(sources);
  const refused = presses.find((p) => !(quirks.clickButtons as readonly string[]).includes(p.button));
  if (refused) throw unsupportedClickOption('button', refused.button);
  const merge = quirks.mergesPressesWithin;
  const [first] = presses;
  const last = memory.last;
  if (merge && first && last && Math.abs(last.x - first.x) <= merge.px && Math.abs(last.y - first.y) <= merge.px) {
    const wait = merge.ms - (Date.now() - last.at);
    if (wait > 0) await sleep(wait, signal);
  }
  return () => {
    const end = presses.at(-1);
    if (end) memory.last = { x: end.x, y: end.y, at: Date.now() };
  };
}
