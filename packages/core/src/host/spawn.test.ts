import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { commandLine, familyOf, groupRunning, pidLive, readStat } from './procfs';
import { spawnOwned, waitForLine } from './spawn';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('spawnOwned', () => {
  it('kills the whole process group, escalating to SIGKILL when SIGTERM is ignored', async () => {
    // The child ignores SIGTERM and has a grandchild; both must be gone after kill().
    const p = spawnOwned('sh', ['-c', "trap '' TERM; sleep 30 & echo ready; wait"]);
    await waitForLine(p, /ready/, AbortSignal.timeout(5000));
    expect(groupRunning(p.pid)).toBe(true);
    const t0 = Date.now();
    await p.kill(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
    expect(p.alive).toBe(false);
    expect(groupRunning(p.pid)).toBe(false);
  });

  it('sweeps the group when its leader dies on its own (a crashed browser leaves no children)', async () => {
    const p = spawnOwned('sh', ['-c', 'sleep 30 & echo $!; sleep 30']);
    const [, child] = await waitForLine(p, /^(\d+)$/, AbortSignal.timeout(5000));
    process.kill(p.pid, 'SIGKILL');
    expect(await p.exited).toBe('signal SIGKILL');
    for (let i = 0; i < 100 && pidLive(Number(child)); i++) await sleep(20);
    expect(pidLive(Number(child))).toBe(false);
    await p.kill();
  });

  it('waitForLine rejects when the process exits first, with its last output', async () => {
    const p = spawnOwned('sh', ['-c', 'echo boom >&2; exit 3']);
    await expect(waitForLine(p, /never/, AbortSignal.timeout(5000))).rejects.toThrow(/code 3.*\n.*boom/s);
    await p.kill();
  });

  it('waitForLine honours its signal', async () => {
    const p = spawnOwned('sleep', ['30']);
    const reason = new Error('deadline');
    await expect(waitForLine(p, /x/, AbortSignal.abort(reason))).rejects.toBe(reason);
    await p.kill();
  });
});

/**
 * A server that dies by SIGKILL runs no JavaScript: only the watchdog can end what it started. The
 * owner process spawns a driver-like child that starts a grandchild in a group of its own (as a
 * browser's helper might), prints the pids, and is killed -9.
 */
describe('a SIGKILLed owner', () => {
  const OWNER = fileURLToPath(new URL('./testing/owner.ts', import.meta.url));

  it('leaves no process behind: children, grandchildren in another group, nor the watchdog', { timeout: 30_000 }, async () => {
    const owner = spawn(process.execPath, ['--import', 'tsx', OWNER], { stdio: ['ignore', 'pipe', 'inherit'] });
    onTestFinished(() => {
      owner.kill('SIGKILL');
    });
    const first = await createInterface({ input: owner.stdout })[Symbol.asyncIterator]().next();
    const { leaders, watchdog } = JSON.parse(first.value as string) as { leaders: number[]; watchdog?: number };
    const family = leaders.flatMap((l) => familyOf(l) ?? []);
    // Two leaders, each with children; one child moved to its own process group.
    expect(family.length).toBeGreaterThanOrEqual(5);
    expect(family.some((pid) => readStat(pid)?.pgrp !== leaders[0] && readStat(pid)?.pgrp !== leaders[1])).toBe(true);
    const watched = watchdog === undefined ? family : [...family, watchdog];
    owner.kill('SIGKILL');
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && watched.some(pidLive)) await sleep(50);
    const left = watched.filter(pidLive).map((pid) => `${pid} ${commandLine(pid)?.join(' ')}`);
    expect(left).toEqual([]);
    expect(watchdog).toBeDefined();
  });
});
