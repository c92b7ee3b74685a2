import { describe, expect, it } from 'vitest';
import { ProviderError } from '@browser-provider/core';
import { childFrameKey, decodeFrameKey, encodeFrameKey, TOP_FRAME } from './frames';
import { chordActions, keyValue, textActions } from './keys';
import { SerialQueue } from './abort';

describe('frame keys', () => {
  it('are JSON paths of iframe ids from the top', () => {
    expect(decodeFrameKey(TOP_FRAME)).toEqual([]);
    const a = childFrameKey(TOP_FRAME, 4);
    const b = childFrameKey(a, 9);
    expect([a, b]).toEqual(['[4]', '[4,9]']);
    expect(decodeFrameKey(b)).toEqual([4, 9]);
    expect(encodeFrameKey(decodeFrameKey(b))).toBe(b);
  });

  it.each(['', 'top', '{}', '[1,"2"]', '[-1]', '[1.5]', 'null'])('refuses the malformed key %j', (key) => {
    expect(() => decodeFrameKey(key)).toThrow(ProviderError);
  });
});

describe('keys', () => {
  it('maps named keys to W3C key values and passes single characters', () => {
    expect(keyValue('Enter')).toBe('\uE007');
    expect(keyValue('enter')).toBe('\uE007');
    expect(keyValue('Ctrl')).toBe('\uE009');
    expect(keyValue('ArrowLeft')).toBe('\uE012');
    expect(keyValue('PageDown')).toBe('\uE00F');
    expect(keyValue('Meta')).toBe('\uE03D');
    expect(keyValue('a')).toBe('a');
    expect(keyValue('😀')).toBe('😀');
    expect(keyValue('NotAKey')).toBeUndefined();
  });

  it('types characters and turns newlines into Enter', () => {
    expect(textActions('a\n').map((a) => `${a.type}:${a.value}`)).toEqual(['keyDown:a', 'keyUp:a', 'keyDown:\uE007', 'keyUp:\uE007']);
  });

  it('presses chords in order and releases them in reverse', () => {
    expect(chordActions(['\uE009', 'a']).map((a) => `${a.type}:${a.value}`)).toEqual(['keyDown:\uE009', 'keyDown:a', 'keyUp:a', 'keyUp:\uE009']);
  });
});

describe('SerialQueue', () => {
  it('runs tasks one at a time, in order', async () => {
    const q = new SerialQueue();
    const log: string[] = [];
    const sig = new AbortController().signal;
    const task = (n: string, ms: number) => q.run(sig, async () => {
      log.push(`start ${n}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${n}`);
    });
    await Promise.all([task('a', 20), task('b', 1)]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('lets an aborted caller go at once, but holds the next task until the driver work ends', async () => {
    const q = new SerialQueue();
    const ac = new AbortController();
    let firstDone = false;
    const first = q.run(ac.signal, () => new Promise<void>((r) => setTimeout(() => ((firstDone = true), r()), 50)));
    await new Promise((r) => setTimeout(r, 10)); // the task is running in the "driver" now
    const t0 = Date.now();
    ac.abort(new Error('deadline'));
    await expect(first).rejects.toThrow('deadline');
    expect(Date.now() - t0).toBeLessThan(40);
    const second = await q.run(new AbortController().signal, async () => firstDone);
    expect(second).toBe(true);
  });

  it('skips a queued task whose caller gave up before it started', async () => {
    const q = new SerialQueue();
    let ran = false;
    const hold = q.run(new AbortController().signal, () => new Promise((r) => setTimeout(r, 20)));
    const ac = new AbortController();
    const skipped = q.run(ac.signal, async () => { ran = true; });
    ac.abort(new Error('gone'));
    await expect(skipped).rejects.toThrow('gone');
    await hold;
    await new Promise((r) => setTimeout(r, 5));
    expect(ran).toBe(false);
  });
});
