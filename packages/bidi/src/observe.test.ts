import { describe, expect, it } from 'vitest';
import { NetworkLog, RING_SIZE, RingBuffer } from './observe';

const sent = (id: string) => ['network.beforeRequestSent', { request: { request: id, url: `http://x/${id}`, method: 'GET' }, timestamp: 1 }] as never;

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
    const dropped: string[] = [];
    const log = new NetworkLog((ids) => dropped.push(...ids));
    for (let i = 0; i < RING_SIZE; i++) log.onEvent(...(sent(`r${i}`) as [never, never]));
    expect(dropped).toEqual([]);
    log.onEvent(...(sent('r-new') as [never, never]));
    log.onEvent(...(sent('r-newer') as [never, never]));
    expect(dropped).toEqual(['r0', 'r1']);
    expect(log.detail('r0')).toBeUndefined();
  });

  it('drops nothing for a request it already lists (a redirect keeps its id)', () => {
    const dropped: string[] = [];
    const log = new NetworkLog((ids) => dropped.push(...ids));
    for (let i = 0; i < RING_SIZE; i++) log.onEvent(...(sent(`r${i}`) as [never, never]));
    log.onEvent(...(sent(`r${RING_SIZE - 1}`) as [never, never]));
    expect(dropped).toEqual([]);
  });
});
