import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputSource } from '@browser-provider/core/backend';
import { clickSources, mouse, pointerMove, type ClickGesture } from '@browser-provider/core/toolkit';
import { applyQuirks, STANDARD_INPUT, type ClassicQuirks, type LastPress } from './quirks';

/** An engine that presses the left button only and merges presses within 500 ms and 5 px (as WebKitGTK 2.50 does). */
const MERGING: ClassicQuirks = { clickButtons: ['left'], mergesPressesWithin: { ms: 500, px: 5 } };
const click = (x: number, y: number, g: Partial<ClickGesture> = {}) => clickSources({ x, y }, { button: 'left', count: 1, modifiers: [], ...g });
const signal = () => new AbortController().signal;

/** Whether `applyQuirks` has let the input go after `ms` of (fake) time. */
async function sentWithin(quirks: ClassicQuirks, sources: readonly InputSource[], memory: LastPress, ms: number): Promise<boolean> {
  let sent = false;
  void applyQuirks(quirks, sources, memory, signal()).then((done) => {
    sent = true;
    done();
  });
  await vi.advanceTimersByTimeAsync(ms);
  return sent;
}

describe('classic input quirks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refuses a button the engine does not press faithfully, before anything is sent', async () => {
    await expect(applyQuirks(MERGING, click(1, 1, { button: 'right' }), {}, signal())).rejects.toMatchObject({ code: 'unsupported_target', details: { code: 'unsupported_option', field: 'button', value: 'right' } });
    await expect(applyQuirks(STANDARD_INPUT, click(1, 1, { button: 'right' }), {}, signal())).resolves.toBeTypeOf('function');
  });

  it('waits the merge time out before a press near the last one, and not before one elsewhere or a move', async () => {
    const memory: LastPress = {};
    expect(await sentWithin(MERGING, click(100, 100), memory, 0)).toBe(true);
    expect(memory.last).toMatchObject({ x: 100, y: 100 });
    const near = sentWithin(MERGING, click(103, 98, { count: 2 }), memory, 400);
    expect(await near).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(memory.last).toMatchObject({ x: 103, y: 98 });
    expect(await sentWithin(MERGING, click(200, 100), memory, 0)).toBe(true);
    expect(await sentWithin(MERGING, [mouse([pointerMove({ x: 200, y: 100 })])], memory, 0)).toBe(true);
    // A standard engine never waits.
    expect(await sentWithin(STANDARD_INPUT, click(200, 100), memory, 0)).toBe(true);
  });
});
