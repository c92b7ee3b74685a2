import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stageOnNode, zipOne } from './files';

const dir = mkdtempSync(join(tmpdir(), 'bp-grid-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Python's zipfile reads the archive back (CI has python3): name list, CRC check, contents. */
function unzip(zip: Buffer): { names: string[]; bad: string | null; first: string } {
  const file = join(dir, `z${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, zip);
  const out = execFileSync('python3', ['-c', 'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); n=z.namelist(); print(json.dumps({"names": n, "bad": z.testzip(), "first": z.read(n[0]).decode()}))', file]);
  return JSON.parse(String(out)) as { names: string[]; bad: string | null; first: string };
}

describe('uploads through a Grid', () => {
  it('zips one file the way a zip reader accepts (name, CRC, bytes)', () => {
    expect(unzip(zipOne('notes ü.txt', Buffer.from('hello\n')))).toEqual({ names: ['notes ü.txt'], bad: null, first: 'hello\n' });
    expect(unzip(zipOne('empty', Buffer.alloc(0)))).toEqual({ names: ['empty'], bad: null, first: '' });
  });

  it('sends each file to the session\'s /se/file and answers the node\'s paths in order', async () => {
    const bodies: Array<{ path: string; file: string }> = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += String(c)));
      req.on('end', () => {
        const { file } = JSON.parse(text) as { file: string };
        bodies.push({ path: req.url ?? '', file });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ value: `/node/tmp/${bodies.length}` }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const a = join(dir, 'a.txt');
      const b = join(dir, 'b.bin');
      writeFileSync(a, 'first');
      writeFileSync(b, 'second');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await stageOnNode(url, 'sess-1', [a, b], AbortSignal.timeout(5000))).toEqual(['/node/tmp/1', '/node/tmp/2']);
      expect(bodies.map((x) => x.path)).toEqual(['/session/sess-1/se/file', '/session/sess-1/se/file']);
      expect(unzip(Buffer.from(bodies[1]!.file, 'base64'))).toMatchObject({ names: ['b.bin'], first: 'second' });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
