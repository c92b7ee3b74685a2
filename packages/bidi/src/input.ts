import { ProviderError } from '@browser-provider/core';

/**
 * Builders for `input.performActions` payloads (WebDriver BiDi §input, with the key code points of
 * WebDriver classic §17.4.2 "keyboard actions"). Pure functions, unit-tested without a browser.
 */

/** Named keys → the W3C code point the remote end understands. Names are matched case-insensitively. */
const NAMED_KEYS: Record<string, string> = {
  cancel: '\uE001',
  help: '\uE002',
  backspace: '\uE003',
  tab: '\uE004',
  clear: '\uE005',
  enter: '\uE007',
  return: '\uE007',
  shift: '\uE008',
  control: '\uE009',
  ctrl: '\uE009',
  alt: '\uE00A',
  option: '\uE00A',
  pause: '\uE00B',
  escape: '\uE00C',
  esc: '\uE00C',
  space: ' ',
  pageup: '\uE00E',
  pagedown: '\uE00F',
  end: '\uE010',
  home: '\uE011',
  arrowleft: '\uE012',
  left: '\uE012',
  arrowup: '\uE013',
  up: '\uE013',
  arrowright: '\uE014',
  right: '\uE014',
  arrowdown: '\uE015',
  down: '\uE015',
  insert: '\uE016',
  delete: '\uE017',
  del: '\uE017',
  meta: '\uE03D',
  command: '\uE03D',
  cmd: '\uE03D',
  super: '\uE03D',
  f1: '\uE031',
  f2: '\uE032',
  f3: '\uE033',
  f4: '\uE034',
  f5: '\uE035',
  f6: '\uE036',
  f7: '\uE037',
  f8: '\uE038',
  f9: '\uE039',
  f10: '\uE03A',
  f11: '\uE03B',
  f12: '\uE03C',
};

/** The key value for a name (`Enter`, `ctrl`) or a single character; invalid_request otherwise. */
export function keyValue(name: string): string {
  const named = NAMED_KEYS[name.toLowerCase()];
  if (named !== undefined) return named;
  if ([...name].length === 1) return name;
  throw new ProviderError('invalid_request', `Unknown key "${name}"; use a single character or a key name like Enter, Tab, ArrowDown, Control.`, {
    detail: 'unknown_key',
    details: { field: 'keys' },
  });
}

type KeyAction = { type: 'keyDown' | 'keyUp'; value: string };

/** Key down/up for each code point of `text`; `\n` presses Enter, `\t` Tab; `\r` is dropped (CRLF). */
export function typeActions(text: string): object[] {
  const actions: KeyAction[] = [];
  for (const ch of text) {
    if (ch === '\r') continue;
    const value = ch === '\n' ? NAMED_KEYS['enter']! : ch === '\t' ? NAMED_KEYS['tab']! : ch;
    actions.push({ type: 'keyDown', value }, { type: 'keyUp', value });
  }
  return [{ type: 'key', id: 'keyboard', actions }];
}

/** A chord: keys pressed in order and released in reverse (`Control`, `Shift`, `a`). */
export function chordActions(keys: string[]): object[] {
  const values = keys.map(keyValue);
  const actions: KeyAction[] = [
    ...values.map((value) => ({ type: 'keyDown' as const, value })),
    ...values.toReversed().map((value) => ({ type: 'keyUp' as const, value })),
  ];
  return [{ type: 'key', id: 'keyboard', actions }];
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
