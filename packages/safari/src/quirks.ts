import type { ClassicQuirks } from '@browser-provider/classic';

/**
 * WebKit's classic WebDriver input, as WebKitGTK 2.50's WebKitWebDriver does it (safaridriver shares
 * its lineage; untested here, so it gets the same):
 * - it releases a middle or right button as the left one (mouseup button 0, then a click): a stray
 *   primary click, so only the left button is offered;
 * - it counts presses at one point within GTK's double-click time (400 ms) into one gesture, across
 *   Perform Actions calls and despite Release Actions: two page.click calls in a row would be a double
 *   click (detail 2, dblclick), so a click near the last one waits 500 ms (400 with a margin) out;
 * - it fires a trusted dragstart from pointer input and then no other drag event, so page.drag
 *   dispatches the HTML5 drag in the page (no `nativeDragEvents`);
 * - a wheel action of deltaY 400 reaches the page as a wheel event of 400 and then one of -400, and
 *   the page ends where it was: page.mouse "wheel" is refused (a button held across calls it keeps).
 */
export const WEBKIT_INPUT: ClassicQuirks = { clickButtons: ['left'], mergesPressesWithin: { ms: 500, px: 5 }, mouseActionsLacking: ['wheel'] };
