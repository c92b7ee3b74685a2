import type { BackendPage, Backend, ProviderServer } from '@browser-provider/core';
import { CallError, type ProviderLink } from '../link';

/**
 * What the video reaches past the protocol, inside this process: the current page of the link's own
 * session, for frames (the engine's capture, beside the session's queue so a long action does not
 * stop the picture) and for drawing cards (the engine's evaluate, which the client cannot call
 * without --allow-eval; here it runs only our fixed overlay functions). Nothing reaches another
 * session's pages: the page is looked up in the link's session, as the dispatcher would.
 */
export interface VideoReach {
  /** The provider session reached: a link that reopened its session (after browser_close) reaches again. */
  sessionId: string;
  /** The current page of the link's session, or undefined when it has none now. */
  page(): BackendPage | undefined;
  /** The engine of the link's session. */
  engine: Backend;
  /** A page of the link's session by id, or undefined once it (or its session) is closed. */
  pageById(pageId: string): BackendPage | undefined;
}

type Provider = ProviderServer['provider'];
type WithProvider = { provider?: Provider };

const PROVIDERS = new WeakMap<ProviderLink, Provider>();

/**
 * Lends the in-process provider behind `server` to the video of `link` (the MCP server calls it once
 * per session; a link whose calls are observed or wrapped no longer shows the provider itself).
 */
export function lendProvider(link: ProviderLink, server: unknown): void {
  const provider = (server as WithProvider).provider;
  if (provider !== undefined) PROVIDERS.set(link, provider);
}

export async function reach(link: ProviderLink): Promise<VideoReach> {
  const provider = PROVIDERS.get(link) ?? (link.server as WithProvider).provider;
  if (provider === undefined) {
    throw new CallError({ code: 'unsupported_method', message: 'Video needs the provider in this process; this server reaches it only through the protocol.', retryable: false, details: { code: 'video_unavailable' } });
  }
  const { session_id } = await link.session();
  const session = provider.session(session_id);
  return {
    sessionId: session_id,
    engine: provider.engineOf(session),
    page() {
      const id = session.currentPageId;
      return id === undefined ? undefined : session.pages.get(id)?.backend;
    },
    pageById(pageId) {
      const page = provider.sessions.get(session_id)?.pages.get(pageId);
      return page === undefined || page.closedReason !== undefined ? undefined : page.backend;
    },
  };
}
