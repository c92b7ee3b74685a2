import { PLAIN_CLICK, type ClickGesture, type ViewportPoint } from '@browser-provider/core/backend';
import { chordKeyActions, clickSources, keyboard, mouse, pointerMove, textKeyActions } from '@browser-provider/core/toolkit';
import type { BidiParams } from './connection';

/** What `input.performActions` takes: one entry per input source. */
export type Actions = BidiParams<'input.performActions'>['actions'];

/**
 * Builders for `input.performActions` payloads (WebDriver BiDi §input). Key names and code points
 * are core's one table for both protocols (`KEY_CODEPOINTS`), and pointer sources core's builders
 * (`clickSources`), which classic Perform Actions uses too. Pure functions, unit-tested without a
 * browser.
 */

/** Key down/up for each code point of `text`; `\n` presses Enter, `\t` Tab; `\r` is dropped (CRLF). */
export function typeActions(text: string): Actions {
  return [keyboard(textKeyActions(text))];
}

/** A chord: keys pressed in order and released in reverse (`Control`, `Shift`, `k`). */
export function chordActions(keys: string[]): Actions {
  return [keyboard(chordKeyActions(keys))];
}

/** A click gesture (default one left click) at a viewport point (CSS pixels), modifiers held, as one sequence. */
export function clickActions(point: ViewportPoint, gesture: ClickGesture = PLAIN_CLICK): Actions {
  return clickSources(point, gesture);
}

export function hoverActions(point: ViewportPoint): Actions {
  return [mouse([pointerMove(point)])];
}
