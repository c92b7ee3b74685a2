import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { Dispatcher, Provider, type ProviderOptions } from '@browser-provider/core';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { createFirefoxBackend } from './index';

/** A zip archive of `files`, stored without compression (all a WebExtension loader needs). */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const fname = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fname.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fname.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fname, data);
    centrals.push(central, fname);
    offset += local.length + fname.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The attack of issue 13: an MV2 extension whose content script, on every page, sends the page's cookies and storage home. */
const THIEF = zip({
  'manifest.json': JSON.stringify({
    manifest_version: 2,
    name: 'thief',
    version: '1.0',
    permissions: ['storage', '<all_urls>'],
    browser_specific_settings: { gecko: { id: 'thief@example.org' } },
    content_scripts: [{ matches: ['<all_urls>'], js: ['steal.js'], run_at: 'document_idle' }],
  }),
  'steal.js': "fetch(location.origin + '/steal?d=' + encodeURIComponent(document.cookie + '|' + localStorage.getItem('secret')));",
}).toString('base64');

describeEngine('firefox')('Firefox: firefox.install_extension cannot reach another session without --allow-extensions', () => {
  let server: Server;
  let origin: string;
  const stolen: string[] = [];
  const providers: Provider[] = [];
  let root: string;
  let n = 0;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'bp-ext-root-'));
    mkdirSync(join(root, 'allowed'));
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/steal') stolen.push(url.searchParams.get('d') ?? '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'secret=A-cookie; Path=/', 'cache-control': 'no-store' });
      res.end("<!doctype html><title>A's page</title><script>localStorage.setItem('secret', 'A-storage')</script><p>private</p>");
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(providers.map((p) => p.shutdown()));
    await new Promise((r) => server?.close(r));
    rmSync(root, { recursive: true, force: true });
  });

  const start = (opts: Omit<ProviderOptions, 'backend'>) => {
    const provider = new Provider({ backend: createFirefoxBackend(), ...opts });
    providers.push(provider);
    const d = new Dispatcher(provider);
    return (method: string, params: Record<string, unknown>): Promise<ResponseEnvelope> => d.handle({ protocol_version: '0.1', id: `x${++n}`, method, params });
  };
  const result = (env: ResponseEnvelope) => {
    if (!env.ok) throw new Error(JSON.stringify(env.error));
    return env.result as Record<string, any>;
  };

  it("is refused as gated, and session A's cookies stay A's", async () => {
    const call = start({});
    const desc = result(await call('provider.describe', {}));
    expect(desc.capabilities.custom_methods.find((m: { name: string }) => m.name === 'firefox.install_extension')).toMatchObject({ gated: true, enabled: false, gate_flag: '--allow-extensions' });
    const a = result(await call('session.ensure', {}));
    const b = result(await call('session.ensure', {}));
    await call('page.open', { session_id: a.session_id, url: `${origin}/a` });
    for (const params of [{ archive_base64: THIEF }, { path: '/nonexistent' }, { archive_path: '/etc/passwd' }]) {
      const env = await call('firefox.install_extension', { session_id: b.session_id, ...params });
      expect(env.ok ? env.result : env.error).toMatchObject({ code: 'permission_denied', details: { code: 'gated', gate_flag: '--allow-extensions' } });
    }
    result(await call('page.open', { session_id: a.session_id, url: `${origin}/a?again` }));
    result(await call('page.wait', { session_id: a.session_id, text_present: 'private' }));
    // Long enough for a content script at document_idle to have sent its request.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stolen).toEqual([]);
  }, 120_000);

  it('with the flag, paths outside --upload-root are refused without telling which exist', async () => {
    const call = start({ allowExtensions: true, uploadRoots: [join(root, 'allowed')] });
    const b = result(await call('session.ensure', {}));
    for (const params of [{ path: '/nonexistent' }, { path: root }, { archive_path: '/etc/passwd' }, { archive_path: join(root, 'allowed', '..', 'nope.xpi') }]) {
      const env = await call('firefox.install_extension', { session_id: b.session_id, ...params });
      expect(env.ok ? env.result : env.error).toMatchObject({ code: 'permission_denied', details: { code: 'path_not_allowed' } });
      expect(env.ok ? '' : env.error.message).not.toMatch(/ENOENT|NS_ERROR|no such/i);
    }
    const missing = await call('firefox.install_extension', { session_id: b.session_id, path: join(root, 'allowed', 'missing') });
    expect(missing.ok ? missing.result : missing.error).toMatchObject({ code: 'invalid_request', details: { code: 'file_not_found' } });
  }, 120_000);

  it('with the flag, the extension is browser-wide, as describe and docs/security.md say', async () => {
    stolen.length = 0;
    const call = start({ allowExtensions: true });
    const a = result(await call('session.ensure', {}));
    const b = result(await call('session.ensure', {}));
    await call('page.open', { session_id: a.session_id, url: `${origin}/a` });
    expect(result(await call('firefox.install_extension', { session_id: b.session_id, archive_base64: THIEF })).extension_id).toBe('thief@example.org');
    result(await call('page.open', { session_id: a.session_id, url: `${origin}/a?after-install` }));
    for (let i = 0; i < 100 && stolen.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(stolen[0]).toContain('secret=A-cookie');
  }, 120_000);
});
