import type { GridSlots, GridStatus } from '@browser-provider/protocol';
import { gridRequest } from './http';

/**
 * The Grid's `/status`, summarised for `provider.status` and the CLI: whether it takes sessions, its
 * nodes, and per browser how many slots each node offers and how many are in use.
 */
export type { GridStatus, GridSlots };
export type GridNodeStatus = GridStatus['nodes'][number];

interface RawSlot {
  stereotype?: { browserName?: unknown; 'se:downloadsEnabled'?: unknown };
  session?: { sessionId?: unknown } | null;
}
interface RawNode {
  id?: unknown;
  uri?: unknown;
  availability?: unknown;
  maxSessions?: unknown;
  slots?: RawSlot[];
}

function slotsOf(raw: RawSlot[]): GridSlots[] {
  const by = new Map<string, GridSlots>();
  for (const s of raw) {
    const browser = typeof s.stereotype?.browserName === 'string' ? s.stereotype.browserName : 'any';
    const row = by.get(browser) ?? { browser, total: 0, in_use: 0 };
    row.total++;
    if (s.session) row.in_use++;
    by.set(browser, row);
  }
  return [...by.values()].sort((a, b) => a.browser.localeCompare(b.browser));
}

export function parseGridStatus(url: string, value: unknown): GridStatus {
  const v = (value ?? {}) as { ready?: unknown; message?: unknown; nodes?: RawNode[] };
  const rawNodes = Array.isArray(v.nodes) ? v.nodes : [];
  const nodes = rawNodes.map((n) => ({
    id: String(n.id ?? ''),
    uri: String(n.uri ?? ''),
    availability: String(n.availability ?? 'UNKNOWN'),
    max_sessions: typeof n.maxSessions === 'number' ? n.maxSessions : 0,
    slots: slotsOf(Array.isArray(n.slots) ? n.slots : []),
  }));
  const slots = slotsOf(rawNodes.flatMap((n) => (Array.isArray(n.slots) ? n.slots : [])));
  return {
    url,
    ready: v.ready === true,
    message: typeof v.message === 'string' ? v.message : '',
    nodes,
    sessions_in_use: slots.reduce((a, s) => a + s.in_use, 0),
    slots,
  };
}

/** Which node holds each Grid session, from `/status` (tests check that sessions spread). */
export function sessionsByNode(value: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const nodes = ((value ?? {}) as { nodes?: RawNode[] }).nodes ?? [];
  for (const n of nodes) {
    const ids = (n.slots ?? []).flatMap((s) => (typeof s.session?.sessionId === 'string' ? [s.session.sessionId] : []));
    out.set(String(n.uri ?? ''), ids);
  }
  return out;
}

/**
 * Whether a node that is up offers `browserName` with managed downloads (its stereotype carries
 * `se:downloadsEnabled`). Grid 4 gives a request asking for them only to such a node, so asking a
 * Grid that has none would leave the request queued to its timeout.
 */
export function offersManagedDownloads(value: unknown, browserName: string | undefined): boolean {
  const nodes = ((value ?? {}) as { nodes?: RawNode[] }).nodes ?? [];
  const wanted = browserName?.toLowerCase();
  return nodes.some((n) => n.availability === 'UP' && (n.slots ?? []).some((s) => {
    const b = s.stereotype?.browserName;
    return s.stereotype?.['se:downloadsEnabled'] === true && (wanted === undefined || (typeof b === 'string' && b.toLowerCase() === wanted));
  }));
}

export async function readGridStatus(base: string, signal: AbortSignal): Promise<GridStatus> {
  return parseGridStatus(base, await gridRequest(base, 'GET', '/status', undefined, signal));
}

export async function readGridSessionsByNode(base: string, signal: AbortSignal): Promise<Map<string, string[]>> {
  return sessionsByNode(await gridRequest(base, 'GET', '/status', undefined, signal));
}

export async function readManagedDownloads(base: string, browserName: string | undefined, signal: AbortSignal): Promise<boolean> {
  return offersManagedDownloads(await gridRequest(base, 'GET', '/status', undefined, signal), browserName);
}
