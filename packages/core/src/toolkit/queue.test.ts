import { describe, expect, it } from 'vitest';
import { raceSignal } from './deadline';
import { SerialQueue } from './queue';

const never = () => new AbortController().signal;

describe('SerialQueue', () => {
  it('runs tasks in arrival order, one at a time', async () => {
    const q = new SerialQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string, ms: number) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([q.run(task('a', 20), never()), q.run(task('b', 1), never()), q.run(task('c', 5), never())]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('answers an aborted queued task at once, never starts it, and still runs the next', async () => {
    const q = new SerialQueue();
    let releaseFirst!: () => void;
    const first = q.run(() => new Promise<string>((r) => (releaseFirst = () => r('first'))), never());
    const ac = new AbortController();
    let started = false;
    const second = q.run(async () => {
      started = true;
      return 'second';
    }, ac.signal);
    const third = q.run(async () => 'third', never());
    ac.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    releaseFirst();
    expect(await first).toBe('first');
    expect(await third).toBe('third');
    expect(started).toBe(false);
    expect(q.pending).toBe(0);
  });

  it('keeps going after a task throws', async () => {
    const q = new SerialQueue();
    const bad = q.run(async () => {
      throw new Error('boom');
    }, never());
    const good = q.run(async () => 42, never());
    await expect(bad).rejects.toThrow('boom');
    expect(await good).toBe(42);
  });
});

describe('SerialQueue with raceSignal (how a driver connection uses it)', () => {
  it('lets an aborted running caller go at once, but holds the next task until the work ends', async () => {
    const q = new SerialQueue();
    const ac = new AbortController();
    let firstDone = false;
    const first = raceSignal(q.run(() => new Promise<void>((r) => setTimeout(() => ((firstDone = true), r()), 50)), ac.signal), ac.signal);
    await new Promise((r) => setTimeout(r, 10));
    const t0 = Date.now();
    ac.abort(new Error('deadline'));
    await expect(first).rejects.toThrow('deadline');
    expect(Date.now() - t0).toBeLessThan(40);
    expect(await q.run(async () => firstDone, never())).toBe(true);
  });
});
