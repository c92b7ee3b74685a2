/**
 * The W3C action sequences a backend's raw `input` takes (https://w3c.github.io/webdriver/#actions):
 * BiDi's `input.performActions` and classic Perform Actions accept the same shapes, so a backend sends
 * them as they are. Core's toolkit builds them (w3c/pointer.ts, w3c/keys.ts); here are only the types,
 * so the interface a backend implements needs none of the builders.
 */

/** A tick in which a source does nothing (both protocols), so that another source acts alone. */
export interface PauseAction {
  type: 'pause';
  duration: number;
}

export interface KeyAction {
  type: 'keyDown' | 'keyUp';
  value: string;
}

export type PointerAction =
  | { type: 'pointerMove'; x: number; y: number; origin: 'viewport'; duration: number }
  | { type: 'pointerDown' | 'pointerUp'; button: number }
  | PauseAction;

/** A wheel turn at a point of the top-level viewport (§17.4.4 wheel actions; BiDi's `scroll`). */
export interface WheelAction {
  type: 'scroll';
  x: number;
  y: number;
  deltaX: number;
  deltaY: number;
  origin: 'viewport';
  duration: number;
}

export interface PointerSource {
  type: 'pointer';
  id: string;
  parameters: { pointerType: 'mouse' };
  actions: PointerAction[];
}

export interface WheelSource {
  type: 'wheel';
  id: string;
  actions: Array<WheelAction | PauseAction>;
}

export interface KeySource {
  type: 'key';
  id: string;
  actions: Array<KeyAction | PauseAction>;
}

/** The input sources a backend's raw `input` takes. */
export type InputSource = PointerSource | WheelSource | KeySource;
