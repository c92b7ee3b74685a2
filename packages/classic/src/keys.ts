/**
 * W3C key values for named keys (WebDriver §17.4.2 "Keyboard actions", table of normalized key
 * values). `press` accepts these names or single characters; `typeText` sends characters as they are
 * (a newline becomes Enter, a tab becomes Tab).
 */
export const NAMED_KEYS: Readonly<Record<string, string>> = {
  Cancel: '\uE001',
  Help: '\uE002',
  Backspace: '\uE003',
  Tab: '\uE004',
  Clear: '\uE005',
  Return: '\uE006',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Pause: '\uE00B',
  Escape: '\uE00C',
  ' ': '\uE00D',
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

const ALIASES: Readonly<Record<string, string>> = {
  Esc: 'Escape',
  Ctrl: 'Control',
  Cmd: 'Meta',
  Command: 'Meta',
  Option: 'Alt',
  Del: 'Delete',
  Up: 'ArrowUp',
  Down: 'ArrowDown',
  Left: 'ArrowLeft',
  Right: 'ArrowRight',
};

/** The W3C key value for a key name or single character; undefined when it names no key. */
export function keyValue(key: string): string | undefined {
  const named = NAMED_KEYS[key] ?? NAMED_KEYS[ALIASES[key] ?? ''];
  if (named) return named;
  const byCase = Object.keys(NAMED_KEYS).find((k) => k.toLowerCase() === key.toLowerCase() && k.length > 1);
  if (byCase) return NAMED_KEYS[byCase];
  // One user-perceived character (a code point; surrogate pairs count as one).
  return [...key].length === 1 ? key : undefined;
}

export interface KeyAction {
  type: 'keyDown' | 'keyUp';
  value: string;
}

/** Key actions that type `text` character by character. */
export function textActions(text: string): KeyAction[] {
  const out: KeyAction[] = [];
  for (const ch of text.replace(/\r\n/g, '\n')) {
    const value = ch === '\n' ? NAMED_KEYS.Enter! : ch === '\t' ? NAMED_KEYS.Tab! : ch;
    out.push({ type: 'keyDown', value }, { type: 'keyUp', value });
  }
  return out;
}

/** Key actions for a chord: keys pressed in order, released in reverse. */
export function chordActions(values: string[]): KeyAction[] {
  return [
    ...values.map((value): KeyAction => ({ type: 'keyDown', value })),
    ...[...values].reverse().map((value): KeyAction => ({ type: 'keyUp', value })),
  ];
}
