import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher, Provider, type Backend } from '@browser-provider/core';
import { dispatchClient } from './dispatch-client';

/** How many downloads one click starts (issue 13: 50 left 50 files and one record on Firefox 153). */
export const BURST = 50;

/** One click starts BURST `data:` downloads with distinct names and contents. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>Burst</title>
<button id="burst" onclick="
  for (let i = 0; i < ${BURST}; i++) {
    const a = document.createElement('a');
    a.href = 'data:application/octet-stream;base64,' + btoa('file ' + i);
    a.download = 'burst-' + i + '.txt';
    document.body.appendChild(a);
    a.click();
  }
">Download many</button>`;

/**
 * Every download is one record: the downloads one click starts give as many records as files, each
 * with its own path; where the browser saves the whole burst (`savesWholeBurst`), that is BURST.
 * Driven through the dispatcher as a client would.
 */
export function describeManyDownloads(name: string, make: () => Backend, o: { savesWholeBurst: boolean }): void {
  describe(`${name}: a burst of downloads`, () => {
    let server: Server;
    let origin: string;
    let provider: Provider;
    let d: Dispatcher;
    const { ok } = dispatchClient(() => d, 'm');

    beforeAll(async () => {
      server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      provider = new Provider({ backend: make() });
      d = new Dispatcher(provider);
    });
    afterAll(async () => {
      await provider?.shutdown();
      await new Promise((r) => server?.close(r));
    });

    it(`the data: downloads one click starts (${BURST}) are one record each, each with its own file`, async () => {
      const s = await ok('session.ensure', {});
      await ok('page.open', { session_id: s.session_id, url: `${origin}/` });
      await ok('page.click', { session_id: s.session_id, selector: '#burst' });
      let downloads: Array<{ download_id: string; state: string; path?: string; suggested_filename: string }> = [];
      for (let i = 0; i < 300; i++) {
        downloads = (await ok('download.list', { session_id: s.session_id })).downloads;
        if (downloads.length >= (o.savesWholeBurst ? BURST : 1) && downloads.every((x) => x.state !== 'in_progress')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const completed = downloads.filter((x) => x.state === 'completed');
      const dir = completed[0]?.path === undefined ? undefined : join(completed[0].path, '..');
      const files = dir === undefined ? [] : readdirSync(dir);
      // Reported before the assertions so a failure shows the numbers (records vs files).
      console.log(`${name}: ${downloads.length} records, ${completed.length} completed, ${files.length} files`);
      expect(new Set(downloads.map((x) => x.download_id)).size).toBe(downloads.length);
      expect(completed).toHaveLength(downloads.length);
      expect(new Set(completed.map((x) => x.path)).size).toBe(completed.length);
      expect(files).toHaveLength(completed.length);
      if (o.savesWholeBurst) expect(downloads).toHaveLength(BURST);
      else expect(downloads.length).toBeGreaterThan(1);
    }, 120_000);
  });
}
