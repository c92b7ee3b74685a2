import { startGridCluster, type GridCluster } from '@browser-provider/grid/testing';
import { GRID_URL_ENV } from '../src/grid';

/**
 * `pnpm soak --grid`: the same soak with the browsers taken from a real Selenium Grid 4.48 on loopback
 * (a hub and a Chromium node through chromedriver; each provider session is a Chromium of its own on
 * the node). The server finds the Grid in its environment, as `serve --grid-url` would set it. Only
 * Chrome: no geckodriver can be had here, and a WebKit relay serves one session at a time.
 */
export interface SoakGrid {
  url: string;
  /** The Grid's processes (hub, node): the soak samples them and what they started with the server. */
  roots(): number[];
  stop(): Promise<void>;
}

export async function startSoakGrid(browser: string, sessions: number): Promise<SoakGrid> {
  if (browser !== 'chrome') throw new Error(`--grid runs on chrome only (asked for ${browser}): no Firefox or WebKit node can run here for a soak`);
  const grid: GridCluster = await startGridCluster({ nodes: ['chrome'], chromeSessions: sessions, queueTimeoutS: 120 });
  process.env[GRID_URL_ENV] = grid.url;
  return {
    url: grid.url,
    roots: () => [grid.hub.pid, ...[...grid.nodes.values()].map((n) => n.process.pid)],
    stop: () => grid.stop(),
  };
}
