import { chordKeyActions, keyboard, textKeyActions } from '@browser-provider/core';

/**
 * Builders for `input.performActions` payloads (WebDriver BiDi §input). Key names and code points
 * are core's one table for both protocols (`KEY_CODEPOINTS`). Pure functions, unit-tested without a
 * browser.
 */

/** Key down/up for each code point of `text`; `\n` presses Enter, `\t` Tab; `\r` is dropped (CRLF). */
export function typeActions(text: string): object[] {
  return [keyboard(textKeyActions(text))];
}

/** A chord: keys pressed in order and released in reverse (`Control`, `Shift`, `k`). */
export function chordActions(keys: string[]): object[] {
  return [keyboard(chordKeyActions(keys))];
}

const mouse = (actions: object[]) => [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }];

/** Move, press and release the primary button at a viewport point (CSS pixels). */
export function clickActions(x: number, y: number): object[] {
  return mouse([
    { type: 'pointerMove', x, y, origin: 'viewport', duration: 0 },
    { type: 'pointerDown', button: 0 },
    { type: 'pointerUp', button: 0 },
  ]);
}

export function hoverActions(x: number, y: number): object[] {
  return mouse([{ type: 'pointerMove', x, y, origin: 'viewport', duration: 0 }]);
}
