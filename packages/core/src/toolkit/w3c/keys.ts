import type { KeyAction, KeySource, PauseAction } from '../../backend';
import { ERRORS, raise } from '../../catalog';

/**
 * The one key table of both WebDriver protocols: key names an agent may use in `page.press`
 * (the W3C normalized key values, https://w3c.github.io/webdriver/#keyboard-actions, matched
 * case-insensitively, plus a few common aliases) → the code point the remote end understands. BiDi's
 * `input.performActions` takes the same key actions as classic Perform Actions, so both backends
 * build them here.
 */
export const KEY_CODEPOINTS: Readonly<Record<string, string>> = {
  Cancel: '\uE001',
  Help: '\uE002',
  Backspace: '\uE003',
  Tab: '\uE004',
  Clear: '\uE005',
  // U+E006 is the main Enter key (code "Enter"); U+E007 is the numpad's (code "NumpadEnter" on
  // Firefox 153 and Chromium 156), which is not what an agent pressing Enter means.
  Enter: '\uE006',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Pause: '\uE00B',
  Escape: '\uE00C',
  // The spec's key value is " "; the code point (not a literal space) is what says "the Space key".
  Space: '\uE00D',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Insert: '\uE016',
  Delete: '\uE017',
  F1: '\uE031',
  F2: '\uE032',
  F3: '\uE033',
  F4: '\uE034',
  F5: '\uE035',
  F6: '\uE036',
  F7: '\uE037',
  F8: '\uE038',
  F9: '\uE039',
  F10: '\uE03A',
  F11: '\uE03B',
  F12: '\uE03C',
  Meta: '\uE03D',
};

/** Other names agents use for the same keys. */
export const KEY_ALIASES: Readonly<Record<string, keyof typeof KEY_CODEPOINTS>> = {
  Return: 'Enter',
  Esc: 'Escape',
  Ctrl: 'Control',
  Cmd: 'Meta',
  Command: 'Meta',
  Super: 'Meta',
  Win: 'Meta',
  Option: 'Alt',
  Del: 'Delete',
  Up: 'ArrowUp',
  Down: 'ArrowDown',
  Left: 'ArrowLeft',
  Right: 'ArrowRight',
};

const BY_LOWER = new Map<string, string>();
for (const [name, cp] of Object.entries(KEY_CODEPOINTS)) BY_LOWER.set(name.toLowerCase(), cp);
for (const [alias, name] of Object.entries(KEY_ALIASES)) BY_LOWER.set(alias.toLowerCase(), KEY_CODEPOINTS[name] as string);

/** The code point for a key name, or the character itself (one code point); undefined otherwise. */
export function lookupKey(name: string): string | undefined {
  if ([...name].length === 1) return name;
  return BY_LOWER.get(name.toLowerCase());
}

/** The code point for a key name of `page.press`; `invalid_request` naming the `key` param otherwise. */
export function keyValue(name: string): string {
  const value = lookupKey(name);
  if (value !== undefined) return value;
  throw raise(ERRORS.unknown_key, `Unknown key "${name}"; use a single character or a key name like Enter, Tab, ArrowDown, Control.`, undefined, { details: { field: 'key' } });
}

/** One key input source (both protocols' action shape) with these actions. */
export const keyboard = (actions: Array<KeyAction | PauseAction>): KeySource => ({ type: 'key', id: 'keyboard', actions });

/** Key down/up for each code point of `text`: `\n` presses Enter, `\t` Tab, and `\r` is dropped (CRLF). */
export function textKeyActions(text: string): KeyAction[] {
  const out: KeyAction[] = [];
  for (const ch of text) {
    if (ch === '\r') continue;
    const value = ch === '\n' ? (KEY_CODEPOINTS['Enter'] as string) : ch === '\t' ? (KEY_CODEPOINTS['Tab'] as string) : ch;
    out.push({ type: 'keyDown', value }, { type: 'keyUp', value });
  }
  return out;
}

/**
 * A chord of key names (`Control`, `Shift`, `a`): pressed in order, released in reverse. With Shift
 * held a letter is sent as its capital, as a keyboard types it: Firefox 153 and WebKitGTK 2.50 shift
 * it themselves, Chromium 156 reports key "a" (WebDriver's shifted-character step left out).
 */
export function chordKeyActions(names: string[]): KeyAction[] {
  const shifted = names.some((n) => lookupKey(n) === KEY_CODEPOINTS['Shift']);
  const values = names.map(keyValue).map((v) => (shifted && /^[a-z]$/.test(v) ? v.toUpperCase() : v));
  return [...values.map((value): KeyAction => ({ type: 'keyDown', value })), ...values.toReversed().map((value): KeyAction => ({ type: 'keyUp', value }))];
}
