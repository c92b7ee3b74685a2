/** Order statistics over timing samples; every figure in the report is one of these. */

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest-rank on the sorted samples: an observed value, never an interpolation between two.
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

/** Runs `fn` `n` times in sequence and returns each run's wall time in ms. */
export async function timeRuns(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

export async function timeOnce<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

/** `a ÷ b` when both are finite and b is not zero, else undefined (shown as "–"). */
export function ratio(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return undefined;
  return a / b;
}
