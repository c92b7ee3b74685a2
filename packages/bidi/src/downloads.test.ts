import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DownloadRecord } from '@browser-provider/core';
import { finalizeDownload } from './downloads';
import { consoleEntry, NetworkLog, RingBuffer } from './observe';

describe('finalizeDownload', () => {
  let root: string;
  let incoming: string;
  let dest: string;
  const rec = (name: string): DownloadRecord => ({ download_id: 'dl_1', url: 'http://x/dl', suggested_filename: name, state: 'in_progress' });
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bp-dl-'));
    incoming = join(root, 'incoming');
    dest = join(root, 'downloads');
    mkdirSync(incoming);
    mkdirSync(dest);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('moves the file into the session folder under a sanitized, unique name', () => {
    writeFileSync(join(incoming, 'a'), 'one');
    writeFileSync(join(dest, '___.._x.txt'), 'taken');
    const done = finalizeDownload(rec('../../x.txt'), join(incoming, 'a'), [incoming], dest);
    expect(done).toMatchObject({ state: 'completed', size: 3, path: join(dest, '___.._x (2).txt') });
    expect(readFileSync(done.path!, 'utf8')).toBe('one');
    expect(existsSync(join(incoming, 'a'))).toBe(false);
  });

  it('refuses a file outside the download folders and leaves it alone', () => {
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'x');
    expect(finalizeDownload(rec('o.txt'), outside, [incoming], dest)).toMatchObject({ state: 'failed', reason: expect.stringContaining('path_escape') });
    symlinkSync(outside, join(incoming, 'link'));
    expect(finalizeDownload(rec('o.txt'), join(incoming, 'link'), [incoming], dest)).toMatchObject({ state: 'failed', reason: expect.stringContaining('path_escape') });
    expect(finalizeDownload(rec('o.txt'), join(incoming, '..', 'outside.txt'), [incoming], dest).state).toBe('failed');
    expect(existsSync(outside)).toBe(true);
  });

  it('deletes a file over the size cap, and fails a missing one', () => {
    writeFileSync(join(incoming, 'big'), 'x'.repeat(100));
    expect(finalizeDownload(rec('big'), join(incoming, 'big'), [incoming], dest, 10)).toMatchObject({ state: 'failed', reason: expect.stringContaining('too_large') });
    expect(existsSync(join(incoming, 'big'))).toBe(false);
    expect(finalizeDownload(rec('gone'), join(incoming, 'gone'), [incoming], dest).state).toBe('failed');
    expect(finalizeDownload(rec('none'), undefined, [incoming], dest).state).toBe('failed');
  });
});

describe('console and network buffers', () => {
  it('keep only the newest entries', () => {
    const r = new RingBuffer<number>(3);
    for (let i = 0; i < 5; i++) r.push(i);
    expect(r.toArray()).toEqual([2, 3, 4]);
  });

  it('turn log.entryAdded into console entries', () => {
    expect(consoleEntry({ type: 'console', method: 'log', level: 'info', text: 'hi 1', timestamp: 5 })).toEqual({ level: 'log', text: 'hi 1', timestamp: 5, source: 'console' });
    expect(consoleEntry({ type: 'javascript', level: 'error', text: 'Error: x', timestamp: 6 })).toMatchObject({ level: 'error', source: 'javascript' });
    expect(consoleEntry({ type: 'console', method: 'log', level: 'info', text: 'y'.repeat(20_000), timestamp: 1 }).text.length).toBeLessThan(10_010);
  });

  it('fold a request, its redirect and its response into one entry', () => {
    const log = new NetworkLog();
    const req = (url: string) => ({ request: { request: 'r1', url, method: 'GET', destination: 'document' }, timestamp: 100 });
    log.onEvent('network.beforeRequestSent', req('http://a/1'));
    log.onEvent('network.beforeRequestSent', { ...req('http://a/2'), timestamp: 120 });
    log.onEvent('network.responseCompleted', { request: { request: 'r1' }, response: { status: 200 }, timestamp: 150 });
    log.onEvent('network.beforeRequestSent', { request: { request: 'r2', url: 'http://a/x', method: 'POST' }, timestamp: 160 });
    log.onEvent('network.fetchError', { request: { request: 'r2' }, timestamp: 170 });
    expect(log.entries.toArray()).toEqual([
      { request_id: 'r1', method: 'GET', url: 'http://a/2', resource_type: 'document', started_at: 100, status: 200, duration_ms: 50 },
      { request_id: 'r2', method: 'POST', url: 'http://a/x', started_at: 160, duration_ms: 10, failed: true },
    ]);
  });
});
