/**
 * The cards and callouts a video shows, drawn in the page itself so that any capture (screencast or
 * screenshots) sees them. Each is a fixed host that takes no input (pointer-events:none, set last and
 * important on every box), holding its look in a closed shadow root where the page's CSS does not
 * reach. They run in the page's realm through the engine's evaluate: a page that patches the DOM can
 * hide or misplace a card, which changes what the video shows, never what the agent does.
 *
 * Each builder answers a complete function source for BackendPage.evaluate; arguments travel as JSON
 * inside it (JSON is valid JavaScript), never as code.
 */

export const OVERLAY_ATTR = 'data-browser-provider-video';

export type CalloutPosition = 'top-left' | 'top' | 'top-right' | 'bottom-left' | 'bottom' | 'bottom-right';

export interface ChapterCard {
  /** Names this card in the page, so that it alone can be removed. */
  id: string;
  title: string;
  description?: string | undefined;
  durationMs: number;
}

export interface Callout {
  id: string;
  title: string;
  /** The action's point, top-level viewport CSS pixels. */
  point?: { x: number; y: number } | undefined;
  durationMs: number;
  position: CalloutPosition;
  /** Draw the default pointer mark at the point. */
  cursor: boolean;
  /** Playwright MCP's style strings: CSS declarations for the point marker and the title. */
  pointStyle?: string | undefined;
  titleStyle?: string | undefined;
}

/** The in-page helper every builder starts with: a host that never takes input, and its closed root. */
const HOST = `
  const attr = ${JSON.stringify(OVERLAY_ATTR)};
  const host = document.createElement('div');
  host.setAttribute(attr, a.id);
  host.style.cssText = 'position:fixed;left:0;top:0;width:100vw;height:100vh;margin:0;padding:0;border:0;z-index:2147483647;overflow:hidden';
  host.style.setProperty('pointer-events', 'none', 'important');
  const root = host.attachShadow({ mode: 'closed' });
  const box = (css, text) => {
    const el = document.createElement('div');
    el.style.cssText = css;
    el.style.setProperty('pointer-events', 'none', 'important');
    if (text !== undefined) el.textContent = text;
    return el;
  };
  const show = (ms) => {
    (document.body ?? document.documentElement).append(host);
    setTimeout(() => host.remove(), ms);
  };`;

const fn = (args: unknown, body: string) => `() => { const a = ${JSON.stringify(args)}; ${HOST} ${body} return 'drawn'; }`;

/** A full-page title card over a dimmed, blurred page; it removes itself after `durationMs` at the latest. */
export function chapterSource(c: ChapterCard): string {
  return fn(
    c,
    `
  const back = box('position:absolute;inset:0;background:rgba(20,20,28,0.62);backdrop-filter:blur(6px);-webkit-backdrop-filter:blur(6px);display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;font-family:system-ui,sans-serif;color:#fff;text-align:center;padding:40px;box-sizing:border-box');
  back.append(box('font-size:34px;font-weight:600;max-width:90%;overflow-wrap:anywhere', a.title));
  if (a.description) back.append(box('font-size:18px;opacity:0.85;max-width:80%;overflow-wrap:anywhere', a.description));
  root.append(back);
  show(a.durationMs);`,
  );
}

const PLACE: Record<CalloutPosition, string> = {
  'top-left': 'top:16px;left:16px',
  top: 'top:16px;left:50%;transform:translateX(-50%)',
  'top-right': 'top:16px;right:16px',
  'bottom-left': 'bottom:16px;left:16px',
  bottom: 'bottom:16px;left:50%;transform:translateX(-50%)',
  'bottom-right': 'bottom:16px;right:16px',
};

/** A callout naming one action, and its point marked; it removes itself after `durationMs` at the latest. */
export function calloutSource(c: Callout): string {
  return fn(
    { ...c, place: PLACE[c.position] },
    `
  // start_video's cursor alone marks the point: an empty title would be a dark box in the corner.
  if (a.title) root.append(box('position:absolute;' + a.place + ';max-width:60vw;padding:8px 14px;border-radius:8px;background:rgba(20,20,28,0.85);color:#fff;font:600 16px/1.3 system-ui,sans-serif;box-shadow:0 2px 10px rgba(0,0,0,0.3);overflow-wrap:anywhere;' + (a.titleStyle ?? ''), a.title));
  if (a.point && (a.cursor || a.pointStyle)) {
    const at = 'position:absolute;left:' + a.point.x + 'px;top:' + a.point.y + 'px;';
    const mark = a.pointStyle
      ? box(at + 'width:0;height:0;' + a.pointStyle)
      : box(at + 'width:26px;height:26px;margin:-13px 0 0 -13px;border-radius:50%;border:3px solid #e5245b;background:rgba(229,36,91,0.25);box-sizing:border-box');
    root.append(mark);
  }
  show(a.durationMs);`,
  );
}

/** Removes the card or callout `id`, or every one still in the page (stop, hide). */
export function clearSource(id?: string): string {
  const sel = id === undefined ? `[${OVERLAY_ATTR}]` : `[${OVERLAY_ATTR}=${JSON.stringify(id)}]`;
  return `() => { for (const el of document.querySelectorAll(${JSON.stringify(sel)})) el.remove(); return 'cleared'; }`;
}
