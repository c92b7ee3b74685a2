import type { KeySource } from '@browser-provider/core/backend';
import type { BidiBrowser } from '@browser-provider/bidi';
import './cdp';

/**
 * Typing on Chromium through CDP's Input.dispatchKeyEvent, every command sent before the first answer
 * (issue 33). chromium-bidi 156 runs a text's `input.performActions` one key at a time with a wait per
 * action (a 20-character type took ~350 ms); CDP's Input domain takes the same events in the order sent
 * on one session, so the keys still reach the focused element one by one, each with its keydown,
 * keypress, input and keyup, as the BiDi path fires them. Only plain characters come this way: a text
 * holding a WebDriver special key (Enter, Tab) or a pause goes through BiDi as before.
 */

/** US-layout codes of the printable ASCII keys: [code, windowsVirtualKeyCode] by character. */
const PUNCTUATION: Record<string, [string, number]> = {
  ' ': ['Space', 32], ';': ['Semicolon', 186], ':': ['Semicolon', 186], '=': ['Equal', 187], '+': ['Equal', 187],
  ',': ['Comma', 188], '<': ['Comma', 188], '-': ['Minus', 189], _: ['Minus', 189], '.': ['Period', 190], '>': ['Period', 190],
  '/': ['Slash', 191], '?': ['Slash', 191], '`': ['Backquote', 192], '~': ['Backquote', 192], '[': ['BracketLeft', 219],
  '{': ['BracketLeft', 219], '\\': ['Backslash', 220], '|': ['Backslash', 220], ']': ['BracketRight', 221], '}': ['BracketRight', 221],
  "'": ['Quote', 222], '"': ['Quote', 222],
};
const SHIFTED_DIGITS = ')!@#$%^&*(';

/** The physical key a character is typed with on a US layout, or none (the key event carries the text alone). */
export function keyOf(ch: string): { code: string; keyCode: number } {
  if (/^[a-zA-Z]$/.test(ch)) return { code: `Key${ch.toUpperCase()}`, keyCode: ch.toUpperCase().charCodeAt(0) };
  if (/^[0-9]$/.test(ch)) return { code: `Digit${ch}`, keyCode: ch.charCodeAt(0) };
  const d = SHIFTED_DIGITS.indexOf(ch);
  if (d >= 0) return { code: `Digit${d}`, keyCode: 48 + d };
  const p = PUNCTUATION[ch];
  return p ? { code: p[0], keyCode: p[1] } : { code: '', keyCode: 0 };
}

/** WebDriver's special keys sit in this Private Use range (Enter, Tab, Shift…). */
const SPECIAL = /[\uE000-\uF8FF]/;

/** The characters of a source that only types text (keyDown c, keyUp c, …), or null. */
export function typedChars(sources: readonly { type: string }[]): string[] | null {
  if (sources.length !== 1 || sources[0]?.type !== 'key') return null;
  const actions = (sources[0] as KeySource).actions;
  if (actions.length === 0 || actions.length % 2 !== 0) return null;
  const chars: string[] = [];
  for (let i = 0; i < actions.length; i += 2) {
    const down = actions[i];
    const up = actions[i + 1];
    if (down?.type !== 'keyDown' || up?.type !== 'keyUp' || down.value !== up.value || SPECIAL.test(down.value)) return null;
    chars.push(down.value);
  }
  return chars;
}

/** The CDP key events that type `chars`, in order: a keyDown carrying the text, then its keyUp. */
export function keyEvents(chars: readonly string[]): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const ch of chars) {
    const { code, keyCode } = keyOf(ch);
    const key = { key: ch, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
    out.push({ type: 'keyDown', ...key, text: ch, unmodifiedText: ch }, { type: 'keyUp', ...key });
  }
  return out;
}

/**
 * Types `sources` into the page's focused element over CDP and answers true, or answers false (sending
 * nothing) when they are not plain text. Every event is on the wire before the first answer is awaited.
 */
export async function chromeTypeKeys(browser: BidiBrowser, context: string, sources: readonly { type: string }[], signal: AbortSignal): Promise<boolean> {
  const chars = typedChars(sources);
  if (chars === null) return false;
  const conn = browser.conn;
  const { session } = await conn.send('goog:cdp.getSession', { context }, signal);
  const sent = keyEvents(chars).map((params) => conn.send('goog:cdp.sendCommand', { method: 'Input.dispatchKeyEvent', params, ...(session ? { session } : {}) }, signal));
  await Promise.all(sent);
  return true;
}
