import { describe, expect, it } from 'vitest';
import { groupRunning, spawnManaged, waitForLine } from './process';

describe('spawnManaged', () => {
  it('kills the whole process group, escalating to SIGKILL when SIGTERM is ignored', async () => {
    // The child ignores SIGTERM and has a grandchild; both must be gone after kill().
    const p = spawnManaged('sh', ['-c', "trap '' TERM; sleep 30 & echo ready; wait"]);
    await waitForLine(p, /ready/, AbortSignal.timeout(5000));
    expect(groupRunning(p.pid)).toBe(true);
    const t0 = Date.now();
    await p.kill(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
    expect(p.alive).toBe(false);
    expect(groupRunning(p.pid)).toBe(false);
  });

  it('waitForLine rejects when the process exits first, with its last output', async () => {
    const p = spawnManaged('sh', ['-c', 'echo boom >&2; exit 3']);
    await expect(waitForLine(p, /never/, AbortSignal.timeout(5000))).rejects.toThrow(/code 3.*\n.*boom/s);
    await p.kill();
  });

  it('waitForLine honours its signal', async () => {
    const p = spawnManaged('sleep', ['30']);
    const reason = new Error('deadline');
    await expect(waitForLine(p, /x/, AbortSignal.abort(reason))).rejects.toBe(reason);
    await p.kill();
  });
});
