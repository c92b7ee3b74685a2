import { describe, expect, it } from 'vitest';
import { readStat } from './procfs';

describe.runIf(process.platform === 'linux')('readStat', () => {
  it("reads a process's CPU time, which grows as it works", () => {
    const before = readStat(process.pid)?.cpuMs;
    expect(before).toBeGreaterThanOrEqual(0);
    // Busy for ~60 ms of CPU: the kernel counts in 10 ms ticks.
    for (const t0 = process.cpuUsage(); (process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1000 < 60; );
    expect(readStat(process.pid)?.cpuMs).toBeGreaterThan(before as number);
  });
});
