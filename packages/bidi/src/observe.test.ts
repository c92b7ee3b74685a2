import { describe, expect, it } from 'vitest';
import { NetworkLog, RING_SIZE, RingBuffer } from './observe';

const sent = (id: string, method = 'GET') => ['network.beforeRequestSent', { request: { request: id, url: `http://x/${id}`, method }, timestamp: 1 }] as never;

describe('RingBuffer', () => {
  it('answers what a push dropped, oldest first', () => {
    const ring = new RingBuffer<number>(2);
    expect(ring.push(1)).toEqual([]);
    expect(ring.push(2)).toEqual([]);
    expect(ring.push(3)).toEqual([1]);
    expect(ring.toArray()).toEqual([2, 3]);
  });
});

describe('NetworkLog', () => {
  it('names the requests its buffer drops, so their collected bodies can be let go', () => {
    const dropped: Array<{ id: string; sentBody: boolean }> = [];
    const log = new NetworkLog((requests) => dropped.push(...requests));
    log.onEvent(...(sent('r0', 'POST') as [never, never]));
    for (let i = 1; i < RING_SIZE; i++) log.onEvent(...(sent(`r${i}`) as [never, never]));
    expect(dropped).toEqual([]);
    log.onEvent(...(sent('r-new') as [never, never]));
    log.onEvent(...(sent('r-newer') as [never, never]));
    // A POST may have sent a body; a GET cannot have.
    expect(dropped).toEqual([{ id: 'r0', sentBody: true }, { id: 'r1', sentBody: false }]);
    expect(log.detail('r0')).toBeUndefined();
  });

  it('drops nothing for a request it already lists (a redirect keeps its id)', () => {
    const dropped: unknown[] = [];
    const log = new NetworkLog((requests) => dropped.push(...requests));
    for (let i = 0; i < RING_SIZE; i++) log.onEvent(...(sent(`r${i}`) as [never, never]));
    log.onEvent(...(sent(`r${RING_SIZE - 1}`) as [never, never]));
    expect(dropped).toEqual([]);
  });
});
