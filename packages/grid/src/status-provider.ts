import type { BackendInfo } from '@browser-provider/core/backend';
import type { ProviderStatus } from '@browser-provider/protocol';
import { GridUnreachable } from './http';
import { readGridStatus } from './status';

/**
 * `provider.status` for an engine whose browsers come from a Grid: nothing is detected locally (a
 * node knows its own browsers); the Grid's `/status` says whether sessions can start, and with how
 * many free slots for the browser this engine asks for.
 */
export async function gridProviderStatus(url: string, info: BackendInfo, browserName: string | undefined, live: { running: boolean; sessions: number; version?: string }): Promise<ProviderStatus> {
  const steps = [`Start the Selenium Grid at ${url} (a hub and nodes with ${info.browserLabel}), or pass the right --grid-url / BROWSER_PROVIDER_GRID_URL.`];
  let grid;
  try {
    grid = await readGridStatus(url, AbortSignal.timeout(10_000));
  } catch (e) {
    const why = e instanceof GridUnreachable ? e.code : String((e as Error).message ?? e);
    return {
      availability: 'unavailable',
      browser_detected: false,
      browser_running: live.running,
      setup_state: 'required',
      requires_manual_setup: true,
      recommended_browser: info.family,
      manual_steps: steps,
      diagnostics: [{ level: 'error', code: 'grid_unreachable', message: `The Selenium Grid at ${url} cannot be reached (${why}).`, manual_steps: steps }],
      sessions: live.sessions,
      grid: { url, ready: false, message: `unreachable: ${why}`, nodes: [], sessions_in_use: 0, slots: [] },
    };
  }
  const mine = browserName === undefined ? grid.slots : grid.slots.filter((s) => s.browser.toLowerCase() === browserName.toLowerCase());
  const total = mine.reduce((a, s) => a + s.total, 0);
  const free = mine.reduce((a, s) => a + s.total - s.in_use, 0);
  const diagnostics: ProviderStatus['diagnostics'] = [
    { level: grid.ready ? 'info' : 'error', code: grid.ready ? 'grid_ready' : 'grid_not_ready', message: `Selenium Grid at ${url}: ${grid.message || (grid.ready ? 'ready' : 'not ready')} (${grid.nodes.length} node(s), ${grid.sessions_in_use} session(s) in use).` },
  ];
  if (total === 0) {
    diagnostics.push({ level: 'error', code: 'grid_no_matching_node', message: `No node of the Grid offers browserName ${JSON.stringify(browserName)}; nodes offer: ${grid.slots.map((s) => s.browser).join(', ') || 'nothing'}.`, manual_steps: steps });
  } else if (free === 0) {
    diagnostics.push({ level: 'warning', code: 'grid_slots_busy', message: `All ${total} ${browserName ?? ''} slot(s) are in use: a new session waits in the Grid's queue.` });
  }
  const ok = grid.ready && total > 0;
  return {
    availability: ok ? (free > 0 ? 'ready' : 'degraded') : 'unavailable',
    browser_detected: total > 0,
    browser_running: live.running,
    setup_state: ok ? 'complete' : 'required',
    requires_manual_setup: !ok,
    recommended_browser: info.family,
    manual_steps: ok ? [] : steps,
    diagnostics,
    sessions: live.sessions,
    ...(live.version ? { browser_version: live.version } : {}),
    grid,
  };
}
