import { chordKeyActions, keyboard, textKeyActions } from '@browser-provider/core';
import type { BidiParams } from './connection';

/** What `input.performActions` takes: one entry per input source. */
export type Actions = BidiParams<'input.performActions'>['actions'];

/**
 * Builders for `input.performActions` payloads (WebDriver BiDi §input). Key names and code points
 * are core's one table for both protocols (`KEY_CODEPOINTS`). Pure functions, unit-tested without a
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

type PointerSteps = Extract<Actions[number], { type: 'pointer' }>['actions'];
const mouse = (actions: PointerSteps): Actions => [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }];

/** Move, press and release the primary button at a viewport point (CSS pixels). */
export function clickActions(x: number, y: number): Actions {
  return mouse([
    { type: 'pointerMove', x, y, origin: 'viewport', duration: 0 },
    { type: 'pointerDown', button: 0 },
    { type: 'pointerUp', button: 0 },
  ]);
}

export function hoverActions(x: number, y: number): Actions {
  return mouse([{ type: 'pointerMove', x, y, origin: 'viewport', duration: 0 }]);
}
