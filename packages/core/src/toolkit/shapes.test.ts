import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHURN = fileURLToPath(new URL('../testing/shape-churn.ts', import.meta.url));

/** Functions of the snapshot path whose optimized code V8's trace says a GC threw away, by name. */
function thrownAway(rounds: number): Map<string, number> {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--optimize-for-size', '--expose-gc', '--trace-deopt', CHURN, String(rounds)], { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0 || !r.stdout.includes('done true')) throw new Error(`shape-churn failed (${r.status ?? r.signal}): ${r.stderr.slice(-800)}`);
  const counts = new Map<string, number>();
  for (const line of r.stdout.split('\n')) {
    const m = /^\[marking dependent code .*<SharedFunctionInfo ([^>]+)>\).*reason: weak objects\]$/.exec(line);
    if (m) counts.set(m[1] as string, (counts.get(m[1] as string) ?? 0) + 1);
  }
  return counts;
}

describe('keepShape', () => {
  it('keeps the snapshot path optimized across the full GCs of a server under --optimize-for-size', () => {
    const rounds = 16;
    const counts = thrownAway(rounds);
    // The control reads a class nobody keeps: the trace shows a GC throwing its code away, or the trace shows nothing.
    expect(counts.get('churnControl') ?? 0).toBeGreaterThanOrEqual(1);
    // Before their shapes were kept, each of these was thrown away in 7 to 16 of 16 rounds (the JSON
    // writer, the outline's writer and node index, the states decoder); linkRun, bare and nodeOf in 3
    // to 9 until assemble kept its node shapes, and alikeRun in 2 to 15 while it was handed a closure
    // made per parent; decodeCompact in 4 to 8 without page-script's node shapes kept, and in 0 to 4
    // while its column readers were closures; line and target in 5 to 9 until the outline kept its
    // context; bare, line and facts in 2 to 7 of the churn's varied states without page-script's
    // states objects kept. Now at most once, while warming.
    const ours = ['write', 'key', 'string', 'byte', 'room', 'literal', 'open', 'raw', 'quoted', '#room', 'get', 'statesFrom', 'alikeRun', 'linkRun', 'bare', 'nodeOf', 'decodeCompact', 'line', 'target', 'facts'];
    const lost = ours.map((name) => [name, counts.get(name) ?? 0] as const).filter(([, n]) => n > 1);
    expect(lost).toEqual([]);
  }, 180_000);
});
