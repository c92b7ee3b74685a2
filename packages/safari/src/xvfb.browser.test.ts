import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { type ClassicBackend, standInPageScript } from '@browser-provider/classic';
import { createSafariBackend, findXvfb } from './index';
import { startPrivateX, xAnswers } from './xvfb';

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

describeEngine('safari')('a private Xvfb', () => {
  const xvfb = findXvfb() as string;

  it('starts beside a hundred lock files left by killed servers', async () => {
    // What a day of runs left on a test machine: a SIGKILLed Xvfb keeps its lock file, and a scan that
    // skipped every number with one ran out after 100 ("no free display number").
    const dead = spawnSync('true').pid;
    const made: string[] = [];
    try {
      for (let n = 0; n < 250; n++) {
        const lock = `/tmp/.X${n}-lock`;
        if (existsSync(lock) || existsSync(`/tmp/.X11-unix/X${n}`)) continue;
        writeFileSync(lock, `${String(dead).padStart(10)}\n`, { flag: 'wx' });
        made.push(lock);
      }
      expect(made.length).toBeGreaterThanOrEqual(100);
      const x = await startPrivateX(xvfb, sig());
      try {
        expect(await xAnswers(x.display)).toBe(true);
      } finally {
        await x.process.kill(1500);
      }
    } finally {
      // Only ours, and only while it still names the dead process (a server may have taken the number).
      for (const lock of made) {
        try {
          if (Number.parseInt(readFileSync(lock, 'utf8'), 10) === dead) rmSync(lock);
        } catch {
          // gone already
        }
      }
    }
  });

  it('gives two servers started at once two displays', async () => {
    const [a, b] = await Promise.all([startPrivateX(xvfb, sig()), startPrivateX(xvfb, sig())]);
    try {
      expect(a.display).not.toBe(b.display);
      expect(await xAnswers(a.display)).toBe(true);
      expect(await xAnswers(b.display)).toBe(true);
    } finally {
      await Promise.all([a.process.kill(1500), b.process.kill(1500)]);
    }
  });
});
