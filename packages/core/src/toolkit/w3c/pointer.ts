import type { ClickButton, ClickModifier } from '@browser-provider/protocol';
import type { KeyAction, PauseAction, PointerAction, PointerSource, ViewportPoint, WheelAction, WheelSource } from '../../backend';
import { keyboard, keyValue } from './keys';

/**
 * Pointer input sources of both WebDriver protocols: BiDi's `input.performActions` takes the same
 * action sequences as classic Perform Actions (https://w3c.github.io/webdriver/#actions), so both
 * backends build their clicks here. Pure functions, unit-tested without a browser.
 */

/** What one `page.click` presses: a button, `count` times at one point in one gesture, with keys held. */
export interface ClickGesture {
  button: ClickButton;
  count: 1 | 2 | 3;
  /** Pressed (in this order) before the pointer moves, released (in reverse) after the last click. */
  modifiers: readonly ClickModifier[];
}

/** One left click with no keys held. */
export const PLAIN_CLICK: ClickGesture = { button: 'left', count: 1, modifiers: [] };

/** W3C button numbers: 0 primary, 1 auxiliary (middle), 2 secondary (right). */
export const BUTTON_NUMBERS = { left: 0, middle: 1, right: 2 } as const;

/** The mouse as an input source with these actions. */
export const mouse = (actions: PointerAction[]): PointerSource => ({ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions });

/** The wheel as an input source with these actions. */
export const wheel = (actions: Array<WheelAction | PauseAction>): WheelSource => ({ type: 'wheel', id: 'wheel', actions });

/**
 * A point as the actions carry it: whole CSS pixels. Classic Perform Actions takes only integers
 * (§17.4.3; WebKit refuses 40.5), and so does BiDi's wheel `scroll` (Chromium 156 and Firefox 153
 * answer "Expected integer"). Down, not to nearest: a point inside [0, width) stays inside the
 * viewport, and a point inside a box that starts on a whole pixel stays inside that box.
 */
export const viewportPixel = (p: ViewportPoint): ViewportPoint => ({ x: Math.floor(p.x), y: Math.floor(p.y) });

/** A delta to the nearest whole pixel (`+ 0`: never -0). */
const whole = (n: number) => Math.round(n) + 0;

/** A move to a point of the top-level viewport (CSS pixels, made whole), instant unless `duration` (ms) is given. */
export const pointerMove = (p: ViewportPoint, duration = 0): PointerAction => ({ type: 'pointerMove', ...viewportPixel(p), origin: 'viewport', duration });

/** One wheel turn by a delta (CSS pixels; point and delta made whole, as BiDi's `scroll` wants) with the pointer at `p`. */
export const wheelScroll = (p: ViewportPoint, deltaX: number, deltaY: number): WheelAction => ({ type: 'scroll', ...viewportPixel(p), deltaX: whole(deltaX), deltaY: whole(deltaY), origin: 'viewport', duration: 0 });

const pause = (duration = 0): PauseAction => ({ type: 'pause', duration });

/**
 * A click gesture as input sources, ticked together by the remote end: the modifiers go down first
 * (the mouse pauses), then the mouse moves and presses and releases the button `count` times (the
 * keyboard pauses), then the modifiers come up in reverse. The clicks are one sequence at one point,
 * so the engine counts them as one gesture (event.detail 1, 2, 3; dblclick after the second).
 * `holdMs` pauses between each press and its release (Playwright's click `delay`).
 */
export function clickSources(point: ViewportPoint, gesture: ClickGesture, holdMs = 0): [ReturnType<typeof mouse>] | [ReturnType<typeof keyboard>, ReturnType<typeof mouse>] {
  const button = BUTTON_NUMBERS[gesture.button];
  const clicks: PointerAction[] = [pointerMove(point)];
  for (let i = 0; i < gesture.count; i++) clicks.push({ type: 'pointerDown', button }, ...(holdMs > 0 ? [pause(holdMs)] : []), { type: 'pointerUp', button });
  if (gesture.modifiers.length === 0) return [mouse(clicks)];
  const keys = gesture.modifiers.map(keyValue);
  const down = keys.map((value): KeyAction => ({ type: 'keyDown', value }));
  const up = keys.toReversed().map((value): KeyAction => ({ type: 'keyUp', value }));
  return [
    keyboard([...down, ...clicks.map(() => pause()), ...up]),
    mouse([...down.map(() => pause()), ...clicks, ...up.map(() => pause())]),
  ];
}
