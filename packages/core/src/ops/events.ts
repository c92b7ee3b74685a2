import type { EventEnvelope, EventName } from '@browser-provider/protocol';
import { PROTOCOL_VERSION } from '@browser-provider/protocol';
import type { BackendEvent, BackendEventType, BackendPage, BackendSession } from '../backend';
import { PageHandle } from '../state/page';
import type { Provider } from '../provider';
import type { Session } from '../state/session';
import { DialogPolicy } from '../toolkit/dialog-policy';

/**
 * The draft's optional events, `{protocol_version, event, payload}` written between responses, for
 * sessions that asked for them with `events.subscribe`. Backends report what happened (BackendEvent);
 * this module turns it into protocol events, warnings for the session's next response, and — for
 * popups — pages of the session.
 */

export { EVENT_NAMES, type EventName } from '@browser-provider/protocol';

const EVENT_OF: Record<Exclude<BackendEventType, 'popup'>, EventName> = {
  navigated: 'page.navigated',
  dialog: 'page.dialog',
  download: 'download.finished',
  console: 'console.entry',
};

/** The protocol events an engine session can produce. */
export function eventsOf(types: readonly BackendEventType[] | undefined): EventName[] {
  return (types ?? []).flatMap((t) => (t === 'popup' ? [] : [EVENT_OF[t]]));
}

export type EventSink = (envelope: EventEnvelope) => void;

/** Where a provider's events go: the transports that serve it. */
export class EventHub {
  readonly #sinks = new Set<EventSink>();

  addSink(sink: EventSink): () => void {
    this.#sinks.add(sink);
    return () => this.#sinks.delete(sink);
  }

  emit(event: EventName, payload: Record<string, unknown>): void {
    const envelope: EventEnvelope = { protocol_version: PROTOCOL_VERSION, event, payload };
    for (const sink of this.#sinks) sink(envelope);
  }
}

const hubs = new WeakMap<Provider, EventHub>();
export function eventHub(provider: Provider): EventHub {
  let hub = hubs.get(provider);
  if (hub === undefined) hubs.set(provider, (hub = new EventHub()));
  return hub;
}

/** Subscriptions live on the backend session (what a custom method sees), beside its dialog policy. */
export function subscribe(session: BackendSession, events: readonly EventName[]): void {
  session.subscribedEvents = new Set(events);
}
export function subscribed(session: BackendSession): ReadonlySet<EventName> {
  return session.subscribedEvents ?? new Set();
}

/** Warnings a session keeps for its next successful response, at most. */
const MAX_PENDING = 50;

function warn(session: Session, message: string): void {
  if (session.pendingWarnings.length < MAX_PENDING) session.pendingWarnings.push(message);
}

export function drainWarnings(session: Session): string[] {
  return session.pendingWarnings.splice(0);
}

/** Starts listening to the session's backend. Idempotent (session.ensure calls it on every answer). */
export function wireSession(provider: Provider, session: Session): void {
  if (session.eventsWired || session.backend.onEvent === undefined) return;
  session.eventsWired = true;
  session.backend.onEvent((e) => {
    try {
      onBackendEvent(provider, session, e);
    } catch (err) {
      provider.log(`event ${e.type} of session ${session.id}: ${String(err)}`);
    }
  });
}

function pageIdOf(session: Session, page: BackendPage | undefined): string | undefined {
  if (page === undefined) return undefined;
  for (const h of session.pages.values()) if (h.backend === page) return h.id;
  return undefined;
}

function onBackendEvent(provider: Provider, session: Session, e: BackendEvent): void {
  if (session.closedReason !== undefined) return;
  const hub = eventHub(provider);
  const wants = subscribed(session.backend);
  const emit = (event: EventName, payload: Record<string, unknown>) => {
    if (wants.has(event)) hub.emit(event, { session_id: session.id, ...payload });
  };
  switch (e.type) {
    case 'popup': {
      if (pageIdOf(session, e.page) !== undefined) return;
      if (!provider.hasRoomForPage(session)) {
        // Past --max-tabs a page's window.open loop would fill the browser: the popup is closed, and the agent told.
        e.page.close(AbortSignal.timeout(5_000)).catch((err: unknown) => provider.log(`closing a popup past --max-tabs failed: ${String(err)}`));
        warn(session, `${pageIdOf(session, e.opener) ?? 'A page'} opened a new page; it was closed: the session already has ${session.pages.size} tabs, the most the server allows (--max-tabs).`);
        return;
      }
      // The popup joins the session but does not become its current page: the agent's next call
      // still means the page it was working on; the warning tells it where the new one is.
      const current = session.currentPageId;
      const handle = new PageHandle(provider.nextPageId(), e.page);
      provider.adoptPage(session, handle);
      if (current !== undefined) session.currentPageId = current;
      const opener = pageIdOf(session, e.opener);
      warn(session, `${opener ?? 'A page'} opened a new page ${handle.id}; use page_id ${handle.id} (or tab.activate) to work in it.`);
      return;
    }
    case 'dialog': {
      warn(session, DialogPolicy.describe(e.dialog));
      const pageId = pageIdOf(session, e.page);
      emit('page.dialog', { ...(pageId ? { page_id: pageId } : {}), ...e.dialog });
      return;
    }
    case 'navigated': {
      const pageId = pageIdOf(session, e.page);
      if (pageId !== undefined) emit('page.navigated', { page_id: pageId, url: e.url });
      return;
    }
    case 'console': {
      const pageId = pageIdOf(session, e.page);
      if (pageId !== undefined) emit('console.entry', { page_id: pageId, ...e.entry });
      return;
    }
    case 'download': {
      const pageId = pageIdOf(session, e.page);
      const { reason, ...download } = e.download;
      if (reason !== undefined) warn(session, `download ${download.download_id} (${download.suggested_filename}) ${download.state}: ${reason}`);
      emit('download.finished', { ...(pageId ? { page_id: pageId } : {}), ...download });
      return;
    }
  }
}
