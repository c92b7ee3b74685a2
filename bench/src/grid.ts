import { startGridCluster } from '@browser-provider/grid/testing';
import type { BenchServer } from './fixtures';
import { loadRun } from './load';
import type { Table } from './report';
import type { LoadResult } from './types';

/**
 * `pnpm bench --grid`: the load run's shape (16 sessions × 50 steps by default) on Chrome twice — once
 * with the browsers launched here (one Chromium, a user context per session) and once through a real
 * Selenium Grid on loopback (a Chromium of its own per session, BiDi through the router). Both use the
 * same page server and client; the difference is what the Grid costs: a browser per session, and two
 * more hops (router, node) on every command.
 */

export interface GridBenchResult {
  local: LoadResult;
  grid: LoadResult;
  /** Hub start to every node registered, ms. */
  gridReadyMs: number;
}

export async function gridBench(server: BenchServer, sessions: number, steps: number, log: (s: string) => void): Promise<GridBenchResult> {
  log(`chrome: load run, ${sessions} sessions × ${steps} steps, launched here`);
  const local = await loadRun('chrome', server, sessions, steps, log);
  const t0 = performance.now();
  const grid = await startGridCluster({ nodes: ['chrome'], chromeSessions: sessions, queueTimeoutS: 300 });
  const gridReadyMs = performance.now() - t0;
  log(`chrome: load run, ${sessions} sessions × ${steps} steps, through the Grid at ${grid.url} (ready in ${(gridReadyMs / 1000).toFixed(1)} s)`);
  // The provider reads the Grid from its environment, as `serve --grid-url` would set it.
  const before = process.env.BROWSER_PROVIDER_GRID_URL;
  process.env.BROWSER_PROVIDER_GRID_URL = grid.url;
  try {
    return { local, grid: { ...(await loadRun('chrome', server, sessions, steps, log)), engine: 'chrome' }, gridReadyMs };
  } finally {
    if (before === undefined) delete process.env.BROWSER_PROVIDER_GRID_URL;
    else process.env.BROWSER_PROVIDER_GRID_URL = before;
    await grid.stop();
  }
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—');

export function gridTable(r: GridBenchResult): Table {
  const row = (how: string, x: LoadResult) => [
    how,
    `${x.sessions} × ${x.stepsPerSession}`,
    `${x.answered}/${x.expected}`,
    String(x.failed),
    `${x.wrongToken} / ${x.wrongCookie}`,
    x.throughput.toFixed(1),
    ms(x.p50),
    ms(x.p95),
    Object.entries(x.byMethod)
      .map(([m, v]) => `${m.replace('page.', '')} ${ms(v.p50)}/${ms(v.p95)}`)
      .join(', '),
  ];
  return {
    title: 'Chrome, launched here vs through a Selenium Grid',
    head: ['where', 'sessions × steps', 'answered', 'failed', 'wrong token / cookie', 'steps/s', 'p50 ms', 'p95 ms', 'p50 / p95 by method (ms)'],
    rows: [row('launched here (one Chromium, a user context each)', r.local), row('Selenium Grid 4.48 on loopback (a Chromium each)', r.grid)],
  };
}
