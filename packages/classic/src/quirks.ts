import type { ClickButton } from '@browser-provider/protocol';

/**
 * How one engine's classic WebDriver departs from the standard in its input, given by the adapter
 * (as BidiAdapter gives BiDi's): the classic backend itself stays engine-agnostic.
 */
export interface ClassicQuirks {
  /** The buttons its Perform Actions presses and releases faithfully; core refuses the others. */
  readonly clickButtons: readonly ClickButton[];
  /**
   * Presses this close in time (ms) and space (px) at one point count as one gesture, across Perform
   * Actions calls and despite Release Actions: a click near the last one waits the time out, so two
   * page.click calls in a row stay two single clicks.
   */
  readonly mergesPressesWithin?: { readonly ms: number; readonly px: number };
  /** Its Perform Actions makes HTML5 drag events (dragstart … drop) from pointer input; else page.drag dispatches them. */
  readonly nativeDragEvents?: boolean;
}

/** An engine whose classic input follows the standard. */
export const STANDARD_INPUT: ClassicQuirks = { clickButtons: ['left', 'middle', 'right'] };
