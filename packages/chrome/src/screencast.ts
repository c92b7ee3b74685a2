import type { BidiBrowser } from '@browser-provider/bidi';
import { cdpCommand } from './cdp';

/** chromium-bidi's CDP events: `goog:cdp.<CDP event>`, with the CDP session the event came from. */
interface CdpEvent<P> {
  event: string;
  params: P;
  session?: string;
}

interface ScreencastFrame {
  data: string;
  sessionId: number;
}

const FRAME_EVENT = 'goog:cdp.Page.screencastFrame';

/**
 * The page's CDP screencast (Page.startScreencast) through chromedriver's BiDi CDP extension, for the
 * MCP server's video: Chromium paints each changed viewport as JPEG, and each frame is acknowledged
 * (Chromium sends the next only then). Behind our own use: the client gets no raw CDP.
 */
export async function chromeScreencast(browser: BidiBrowser, context: string, onFrame: (jpeg: string) => void, signal: AbortSignal): Promise<{ stop(): Promise<void> }> {
  const conn = browser.conn;
  const { session } = await conn.send('goog:cdp.getSession', { context }, signal);
  // The event is chromium-bidi's, not in the spec's event map: listened to by name.
  const on = conn.on.bind(conn) as unknown as (event: string, listener: (p: CdpEvent<ScreencastFrame>) => void) => () => void;
  let stopped = false;
  const off = on(FRAME_EVENT, (p) => {
    if (stopped || p.session !== session) return;
    onFrame(p.params.data);
    void conn.send('goog:cdp.sendCommand', { method: 'Page.screencastFrameAck', params: { sessionId: p.params.sessionId }, ...(session ? { session } : {}) }).catch(() => undefined);
  });
  try {
    await conn.send('session.subscribe', { events: [FRAME_EVENT], contexts: [context] }, signal);
    await cdpCommand(browser, context, 'Page.startScreencast', { format: 'jpeg', quality: 80, everyNthFrame: 1 }, signal);
  } catch (e) {
    off();
    throw e;
  }
  return {
    async stop() {
      stopped = true;
      off();
      await cdpCommand(browser, context, 'Page.stopScreencast', {}, AbortSignal.timeout(5_000)).catch(() => undefined);
    },
  };
}
