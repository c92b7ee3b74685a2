import { descendantsOf } from '@browser-provider/core/host';
import { startGridCluster, type GridCluster, type GridNodeKind } from '@browser-provider/grid/testing';
import { WebKitGtkLauncher } from '@browser-provider/safari';
import { GRID_CAPABILITIES_ENV, GRID_URL_ENV } from '../src/grid';
import { commOf } from './soak-breakdown';

/**
 * `pnpm soak --grid`: the same soak with the browsers taken from a real Selenium Grid 4.48 on loopback.
 * Chrome: a hub and a Chromium node through chromedriver, each provider session a Chromium of its own
 * on the node. Safari: one relay node per soak session, each in front of a WebKitWebDriver of its own
 * (WebKitWebDriver serves one session per process), their MiniBrowsers on one private Xvfb. The server
 * finds the Grid in its environment, as `serve --grid-url` would set it. No Firefox: no geckodriver
 * can be had here.
 */
export interface SoakGrid {
  url: string;
  /** What the Grid runs (hub, nodes, relayed drivers, their X server): sampled with the server. */
  roots(): number[];
  /** Says what `roots` counts, for the report. */
  label: string;
  stop(): Promise<void>;
}

/** Our own children named `name` (the relay launcher's private Xvfb). */
function ownChildren(name: string): number[] {
  return descendantsOf(process.pid).filter((pid) => commOf(pid) === name);
}

export async function startSoakGrid(browser: string, sessions: number): Promise<SoakGrid> {
  if (browser !== 'chrome' && browser !== 'safari') throw new Error(`--grid runs on chrome or safari (asked for ${browser}): no Firefox node can run here`);
  const webkit = browser === 'safari';
  const nodes: GridNodeKind[] = webkit ? Array.from({ length: sessions }, () => 'webkit') : ['chrome'];
  const grid: GridCluster = await startGridCluster({
    nodes,
    chromeSessions: sessions,
    queueTimeoutS: 120,
    ...(webkit ? { relayLauncher: new WebKitGtkLauncher({ xvfb: 'always' }) } : {}),
  });
  process.env[GRID_URL_ENV] = grid.url;
  if (webkit) process.env[GRID_CAPABILITIES_ENV] = JSON.stringify({ browserName: 'MiniBrowser' });
  return {
    url: grid.url,
    roots: () => [
      grid.hub.pid,
      ...[...grid.nodes.values()].flatMap((n) => [n.process.pid, ...(n.relayed?.pids() ?? [])]),
      ...(webkit ? ownChildren('Xvfb') : []),
    ],
    label: webkit
      ? `browsers from a Selenium Grid 4.48 on loopback: ${sessions} relay nodes, each before a WebKitWebDriver of its own; the hub and node JVMs, the drivers, every MiniBrowser and their Xvfb are counted with the server`
      : 'browsers from a Selenium Grid 4.48 on loopback; the hub and node JVMs, chromedriver and every Chromium on the node are counted with the server',
    stop: () => grid.stop(),
  };
}
