import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '@browser-provider/conformance';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BIN, startHttp, textOf, type HttpServer } from './testing/servers';

/**
 * The attack on saved logins, replayed through the SDK client: two MCP sessions of one HTTP server,
 * on every engine. One saves its storage state; the other must not load, overwrite or even find it.
 * The server runs without --output-dir, so the default folder is checked too.
 */

const page = servePage('<!doctype html><title>Bank</title><p>Signed-in page</p>');

for (const browser of ['firefox', 'chrome', 'safari'] as const) {
  describeEngine(browser)(`mcp --http on ${browser}: one MCP session's files are not another's`, () => {
    let h: HttpServer;
    beforeAll(async () => {
      h = await startHttp(['--browser', browser, '--caps', 'storage']);
    });
    afterAll(async () => {
      if (h.child.exitCode === null) await h.stop();
    });

    it('refuses B the storage state A saved, by name and by path, and keeps A\'s file from B\'s writes', async () => {
      const a = await h.connect();
      const b = await h.connect();
      const call = (c: typeof a, name: string, args: Record<string, unknown> = {}) => c.client.callTool({ name, arguments: args });
      try {
        await call(a, 'browser_navigate', { url: `${page.origin()}/` });
        expect((await call(a, 'browser_cookie_set', { name: 'sid', value: 'A-secret' })).isError).toBeFalsy();
        const saved = await call(a, 'browser_storage_state');
        const path = (saved.structuredContent as { path: string }).path;
        expect(readFileSync(path, 'utf8')).toContain('A-secret');
        // The default output root is fresh and private, and so is each session's folder in it.
        expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
        expect(statSync(dirname(dirname(path))).mode & 0o777).toBe(0o700);
        expect(path).not.toMatch(/browser-provider-mcp\/\d+\//);

        await call(b, 'browser_navigate', { url: `${page.origin()}/` });
        for (const filename of [basename(path), path, `../${basename(dirname(path))}/${basename(path)}`]) {
          const load = await call(b, 'browser_set_storage_state', { filename });
          expect(load.isError, textOf(load)).toBe(true);
          expect(textOf(load)).not.toContain('A-secret');
        }
        // A name that exists in A's folder answers as one that exists nowhere: no probing.
        const missing = textOf(await call(b, 'browser_set_storage_state', { filename: 'storage-state-0.json' }));
        expect(textOf(await call(b, 'browser_set_storage_state', { filename: basename(path) }))).toBe(missing.replace('storage-state-0.json', basename(path)));
        expect(textOf(await call(b, 'browser_cookie_list'))).not.toContain('A-secret');
        // B's file of the same name lands in B's folder; A's stays as A wrote it, and A loads it.
        const planted = await call(b, 'browser_storage_state', { filename: basename(path) });
        expect((planted.structuredContent as { path: string }).path).not.toBe(path);
        expect(readFileSync(path, 'utf8')).toContain('A-secret');
        expect((await call(a, 'browser_cookie_clear')).isError).toBeFalsy();
        expect(textOf(await call(a, 'browser_set_storage_state', { filename: basename(path) }))).toMatch(/^Set 1 cookie/);
        expect(textOf(await call(a, 'browser_cookie_list'))).toContain('sid=A-secret');
      } finally {
        await a.client.close();
        await b.client.close();
      }
    });
  });
}

describe('mcp --output-dir that others can write', () => {
  it('is refused at start, before any browser is launched', async () => {
    const open = mkdtempSync(join(tmpdir(), 'bp-open-out-'));
    chmodSync(open, 0o777);
    const run = promisify(execFile)(process.execPath, [...SERVER_NODE_FLAGS, BIN, 'mcp', '--browser', 'firefox', '--output-dir', open], { timeout: 60_000 });
    const e = (await run.then(() => undefined, (x: unknown) => x)) as { code?: number; stderr?: string } | undefined;
    expect(e?.code).toBe(1);
    expect(e?.stderr).toMatch(/--output-dir .*can be written by other users \(mode 777\)/);
  });
});
