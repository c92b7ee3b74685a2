import { ERRORS, raise, type ProviderError } from '@browser-provider/core/toolkit';

/**
 * The `webSocketUrl` a Grid returns names the address the Grid believes is its public one. Nodes
 * take it from their `--grid-url` (by default the `--hub` address they registered with), so a Grid
 * whose nodes registered with an internal host name hands clients a socket they cannot reach — a
 * known Grid pitfall. Both addresses go into the error, with the option that fixes it.
 */

const FIX = [
  'Start each Grid node with --grid-url <the Grid URL clients use> (the node puts that host into webSocketUrl; by default it is the --hub address the node registered with).',
  'Behind a proxy or in containers, also give the hub/router --external-url <that URL> so what it reports is reachable.',
];

export function checkWebSocketUrl(gridUrl: string, capabilities: Record<string, unknown>): string {
  const ws = capabilities['webSocketUrl'];
  if (typeof ws === 'string' && /^wss?:\/\//.test(ws)) return ws;
  throw raise(ERRORS.grid_no_bidi, `The Grid at ${gridUrl} started a session without a WebDriver BiDi socket (no webSocketUrl in its capabilities).`, undefined, {
    details: {
      grid_url: gridUrl,
      manual_steps: ['Use Selenium Grid 4.x with a driver that speaks WebDriver BiDi (chromedriver 115+, geckodriver 0.31+), and keep the node from removing webSocketUrl from requests.'],
    },
  });
}

export function webSocketUnreachable(gridUrl: string, ws: string, cause: unknown): ProviderError {
  let wsHost = ws;
  let gridHost = gridUrl;
  try {
    wsHost = new URL(ws).host;
    gridHost = new URL(gridUrl).host;
  } catch {
    // Keep the raw strings.
  }
  const differs = wsHost !== gridHost;
  return raise(ERRORS.grid_websocket_unreachable, `The Grid at ${gridUrl} returned webSocketUrl ${ws}, which cannot be reached from here${differs ? ` (it names ${wsHost}, not ${gridHost})` : ''}.`, undefined, {
    details: { grid_url: gridUrl, websocket_url: ws, manual_steps: FIX },
    cause,
  });
}
