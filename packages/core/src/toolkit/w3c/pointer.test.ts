import { describe, expect, it } from 'vitest';
import type { ClickGesture } from './pointer';
import { clickSources } from './pointer';

/** One line per tick: what each source does in it (`.` a pause), keyboard first. */
function ticks(sources: ReturnType<typeof clickSources>): string[] {
  const step = (a: { type: string; value?: string; button?: number }) =>
    a.type === 'pause' ? '.' : a.type === 'keyDown' ? `+${a.value}` : a.type === 'keyUp' ? `-${a.value}` : a.type === 'pointerMove' ? 'move' : `${a.type === 'pointerDown' ? 'down' : 'up'}${a.button}`;
  const lists = sources.map((s) => s.actions as Array<{ type: string; value?: string; button?: number }>);
  const n = lists[0]!.length;
  for (const l of lists) expect(l).toHaveLength(n);
  return Array.from({ length: n }, (_, i) => lists.map((l) => step(l[i]!)).join(' '));
}

const gesture = (g: Partial<ClickGesture>): ClickGesture => ({ button: 'left', count: 1, modifiers: [], ...g });

describe('click gestures as W3C action sequences', () => {
  it('one left click: move, down, up on the mouse alone', () => {
    const sources = clickSources({ x: 3, y: 4 }, gesture({}));
    expect(sources).toEqual([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', x: 3, y: 4, origin: 'viewport', duration: 0 },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ]);
  });

  it.each([
    [{ button: 'middle' as const }, ['move', 'down1', 'up1']],
    [{ button: 'right' as const }, ['move', 'down2', 'up2']],
    [{ count: 2 as const }, ['move', 'down0', 'up0', 'down0', 'up0']],
    [{ count: 3 as const, button: 'right' as const }, ['move', 'down2', 'up2', 'down2', 'up2', 'down2', 'up2']],
  ])('%j presses that button that many times at one point, in one sequence', (g, want) => {
    expect(ticks(clickSources({ x: 1, y: 1 }, gesture(g)))).toEqual(want);
  });

  it('holds the modifiers from before the move until after the last release, from the one key table', () => {
    expect(ticks(clickSources({ x: 1, y: 1 }, gesture({ count: 2, modifiers: ['Control', 'Shift'] })))).toEqual([
      '+\uE009 .',
      '+\uE008 .',
      '. move',
      '. down0',
      '. up0',
      '. down0',
      '. up0',
      '-\uE008 .',
      '-\uE009 .',
    ]);
    expect(ticks(clickSources({ x: 1, y: 1 }, gesture({ modifiers: ['Alt', 'Meta'] })))[0]).toBe('+\uE00A .');
    expect(ticks(clickSources({ x: 1, y: 1 }, gesture({ modifiers: ['Meta'] })))[0]).toBe('+\uE03D .');
  });
});
