import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DownloadRecord } from '@browser-provider/core/backend';
import { DownloadLedger, finalizeDownload } from './downloads';
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

  it('answer what was pushed since a mark, even after older items were dropped', () => {
    const r = new RingBuffer<number>(3);
    r.push(0);
    const mark = r.pushed;
    expect(r.since(mark)).toEqual([]);
    for (let i = 1; i < 3; i++) r.push(i);
    expect(r.since(mark)).toEqual([1, 2]);
    for (let i = 3; i < 6; i++) r.push(i);
    // Five pushed since the mark, three kept: all three.
    expect(r.since(mark)).toEqual([3, 4, 5]);
  });

  // Sparse params, as a browser of another version may send them: the guards fill in what is missing.
  const entry = (p: object) => consoleEntry(p as Parameters<typeof consoleEntry>[0]);
  it('turn log.entryAdded into console entries', () => {
    expect(entry({ type: 'console', method: 'log', level: 'info', text: 'hi 1', timestamp: 5 })).toEqual({ level: 'log', text: 'hi 1', timestamp: 5, source: 'console' });
    expect(entry({ type: 'javascript', level: 'error', text: 'Error: x', timestamp: 6 })).toMatchObject({ level: 'error', source: 'javascript' });
    expect(entry({ type: 'console', method: 'log', level: 'info', text: 'y'.repeat(20_000), timestamp: 1 }).text.length).toBeLessThan(10_010);
  });

  it('fold a request, its redirect and its response into one entry', () => {
    const log = new NetworkLog();
    const feed = (method: Parameters<NetworkLog['onEvent']>[0], p: object) => log.onEvent(...([method, p] as Parameters<NetworkLog['onEvent']>));
    const req = (url: string) => ({ request: { request: 'r1', url, method: 'GET', destination: 'document' }, timestamp: 100 });
    feed('network.beforeRequestSent', req('http://a/1'));
    feed('network.beforeRequestSent', { ...req('http://a/2'), timestamp: 120 });
    feed('network.responseCompleted', { request: { request: 'r1' }, response: { status: 200 }, timestamp: 150 });
    feed('network.beforeRequestSent', { request: { request: 'r2', url: 'http://a/x', method: 'POST' }, timestamp: 160 });
    feed('network.fetchError', { request: { request: 'r2' }, timestamp: 170 });
    expect(log.entries.toArray()).toEqual([
      { request_id: 'r1', method: 'GET', url: 'http://a/2', resource_type: 'document', started_at: 100, status: 200, duration_ms: 50 },
      { request_id: 'r2', method: 'POST', url: 'http://a/x', started_at: 160, duration_ms: 10, failed: true },
    ]);
  });

  it('keep the first 200 headers of a request or response and count the ones they drop', () => {
    const log = new NetworkLog();
    const feed = (method: Parameters<NetworkLog['onEvent']>[0], p: object) => log.onEvent(...([method, p] as Parameters<NetworkLog['onEvent']>));
    const headers = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `x-h${i}`, value: { type: 'string', value: String(i) } }));
    feed('network.beforeRequestSent', { request: { request: 'r1', url: 'http://a/', method: 'GET', headers: headers(250) }, timestamp: 1 });
    feed('network.responseStarted', { request: { request: 'r1' }, response: { status: 200, headers: headers(3) }, timestamp: 2 });
    const d = log.detail('r1')!;
    expect(d.request_headers).toHaveLength(200);
    expect(d.request_headers[199]).toEqual({ name: 'x-h199', value: '199' });
    expect(d.request_header_count).toBe(250);
    expect(d.response_headers).toHaveLength(3);
    expect(d).not.toHaveProperty('response_header_count');
  });
});

describe('DownloadLedger: every download is one record', () => {
  it('keeps downloads that share a navigation id apart (Firefox 153: every download of one click has the same one)', () => {
    const l = new DownloadLedger(500);
    const urls = Array.from({ length: 50 }, (_, i) => `data:,${i}`);
    for (const [i, url] of urls.entries()) l.begin('nav-1', url, `f${i}.txt`);
    // Ends may arrive in another order; each is matched by URL within its navigation.
    for (const url of [...urls].reverse()) {
      const r = l.end('nav-1', url);
      expect(r?.url).toBe(url);
      l.update({ ...r!, state: 'completed', path: `/d/${url}` });
    }
    const list = l.list();
    expect(list).toHaveLength(50);
    expect(new Set(list.map((r) => r.download_id)).size).toBe(50);
    expect(list.every((r) => r.state === 'completed')).toBe(true);
    expect(l.end('nav-1', urls[0])).toBeUndefined();
  });

  it('matches same-URL downloads oldest first, and an end without a URL to the oldest open one', () => {
    const l = new DownloadLedger(500);
    const a = l.begin('n', 'http://x/f', 'f');
    const b = l.begin('n', 'http://x/f', 'f');
    const c = l.begin('n', 'http://x/g', 'g');
    expect(l.end('n', 'http://x/f')?.download_id).toBe(a.download_id);
    expect(l.end('n', undefined)?.download_id).toBe(b.download_id);
    expect(l.end('n', 'http://x/other')?.download_id).toBe(c.download_id);
    expect(l.end('other-nav', 'http://x/f')).toBeUndefined();
  });

  it('forgets the oldest records past its limit, and a late end of a forgotten one changes nothing', () => {
    const l = new DownloadLedger(2);
    const first = l.begin('a', 'u1', 'f1');
    l.begin('b', 'u2', 'f2');
    l.begin('c', 'u3', 'f3');
    expect(l.list().map((r) => r.url)).toEqual(['u2', 'u3']);
    expect(l.end('a', 'u1')).toBeUndefined();
    l.update({ ...first, state: 'completed' });
    expect(l.list()).toHaveLength(2);
  });
});
