import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { type ClassicBackend, standInPageScript } from '@browser-provider/classic';
import { createSafariBackend } from './index';

/**
 * The private X server dying on its own (killed, crashed) must not take the next session with it:
 * the fault runs saw session.ensure hang to its limit after Xvfb went, when the new MiniBrowser was
 * started against the display that had just gone.
 */

const sig = () => AbortSignal.timeout(60_000);

/** Our child processes named `name`, from /proc (the Xvfb the launcher spawned). */
function children(name: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return rest[0] !== 'Z' && Number(rest[1]) === process.pid && readFileSync(`/proc/${e}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describeEngine('safari')('WebKitGTK after its private Xvfb is killed', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('<!doctype html><title>plain</title>plain'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('opens the next session on a new X server', async () => {
    const backend = createSafariBackend({ pageScript: standInPageScript, xvfb: 'always' }) as ClassicBackend;
    try {
      const first = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
      await (await first.newPage(sig())).navigate(`${base}/`, 'load', sig());
      const [x, ...more] = children('Xvfb');
      expect(x).toBeDefined();
      expect(more).toEqual([]);
      // Xvfb alone, and the next session at once: before its exit is even noticed.
      process.kill(x as number, 'SIGKILL');
      const next = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: sig() });
      const page = await next.newPage(sig());
      await page.navigate(`${base}/`, 'load', sig());
      expect((await page.info(sig())).title).toBe('plain');
      expect(children('Xvfb').filter((pid) => pid !== x)).toHaveLength(1);
    } finally {
      await backend.shutdown();
    }
  });
});
