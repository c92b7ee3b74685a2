import { BidiBrowser, type RemoteBrowser, type RemoteBrowserSource } from '@browser-provider/bidi';
import type { BackendInfo } from '@browser-provider/core/backend';
import { deadline, ProviderError } from '@browser-provider/core/toolkit';
import type { Feature, MethodName, ProviderStatus } from '@browser-provider/protocol';
import { gridDownloads } from './downloads';
import { stageOnNode } from './files';
import { deleteGridSession, newGridSession } from './new-session';
import { readManagedDownloads } from './status';
import { gridProviderStatus } from './status-provider';
import { watchGridSession } from './watchdog';
import { checkWebSocketUrl, webSocketUnreachable } from './websocket';

export interface GridBackendOptions {
  /** The Grid (hub or router) URL, e.g. `http://grid:4444`. */
  url: string;
  /** The user's extra capabilities (`--grid-capabilities`), merged over the engine's. */
  capabilities?: Record<string, unknown>;
  pageScript?: () => string;
}

/** What no engine can do through a Grid: a profile or a browser of the user's lives on this machine. */
export const GRID_UNSUPPORTED_FEATURES: readonly Feature[] = ['persistent_profile', 'attach_existing_browser'];
export const GRID_LABEL = 'through Selenium Grid';

/** How long the Grid's BiDi socket may take to open (the router answers in milliseconds when reachable). */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * A Selenium Grid as the browser source of BidiBackend: each session is one Grid session (its own
 * browser on some node, so its own cookie jar), created by classic New Session with `webSocketUrl`;
 * the commands then go over the socket the Grid's router proxies (`/session/<id>/se/bidi`). Ending the
 * browser deletes the Grid session. Uploads go to the node first (files.ts); downloads are the node's
 * managed downloads (downloads.ts), fetched here when the browser reports one finished.
 */
export function gridBrowserSource(options: GridBackendOptions): RemoteBrowserSource {
  const url = options.url;
  // The user's capabilities come after ours: `"se:downloadsEnabled": false` turns the downloads off.
  const request = (engine: Record<string, unknown>, downloads = false) => ({ ...engine, ...(downloads ? { 'se:downloadsEnabled': true } : {}), ...options.capabilities, webSocketUrl: true });
  const nameOf = (caps: Record<string, unknown>) => (typeof caps['browserName'] === 'string' ? caps['browserName'] : undefined);
  return {
    label: GRID_LABEL,
    unsupportedFeatures: GRID_UNSUPPORTED_FEATURES,
    unsupportedMethods: [] as MethodName[],
    status(info: BackendInfo, engine, live): Promise<ProviderStatus> {
      return gridProviderStatus(url, info, nameOf(request(engine)), live);
    },
    async open(engine, signal): Promise<RemoteBrowser> {
      // A Grid that cannot be read here fails New Session just after, with the classified error.
      const downloads = await readManagedDownloads(url, nameOf(request(engine)), signal).catch(() => false);
      const grid = await newGridSession(url, request(engine, downloads), signal);
      const end = () => deleteGridSession(url, grid.id);
      let browser: BidiBrowser;
      try {
        const ws = checkWebSocketUrl(url, grid.capabilities);
        // An address that drops packets (a private host seen from outside) would hang until the caller's deadline.
        // Core's deadline, not AbortSignal.any with AbortSignal.timeout, whose timer Node 20 can collect unfired.
        const connect = deadline(CONNECT_TIMEOUT_MS, signal);
        try {
          browser = await BidiBrowser.start({ url: ws, capabilities: {}, attached: false, signal: connect.signal, remote: { capabilities: grid.capabilities, end } });
        } catch (e) {
          if (signal.aborted) throw e;
          if ((ProviderError.is(e, 'browser_not_running') && e.details.code === 'connect_failed') || connect.signal.aborted) throw webSocketUnreachable(url, ws, e);
          throw e;
        } finally {
          connect.dispose();
        }
      } catch (e) {
        await end();
        throw e;
      }
      // The router's socket does not always close when the node dies: fail every pending call then.
      const unwatch = watchGridSession(url, grid.id, () => browser.conn.markClosed('connection_closed'));
      browser.conn.onClose(unwatch);
      return {
        browser,
        stageFiles: (paths, s) => stageOnNode(url, grid.id, paths, s),
        ...(grid.capabilities['se:downloadsEnabled'] === true ? { downloads: gridDownloads(url, grid.id) } : {}),
      };
    },
  };
}
