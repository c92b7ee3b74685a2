import { jpegSize, pngSize } from '@browser-provider/protocol';
import type { BackendPage } from '@browser-provider/core';
import type { ProviderLink } from '../link';
import { calloutSource, chapterSource, clearSource, type CalloutPosition } from './overlay';
import { reach, type VideoReach } from './pages';
import type { Recorder } from './recorder';

/** How each action is named in its callout. */
const VERBS: Partial<Record<string, string>> = {
  'page.open': 'Navigate',
  'page.click': 'Click',
  'page.type': 'Fill',
  'page.press': 'Press',
  'page.select': 'Select',
  'page.hover': 'Hover',
  'page.drag': 'Drag',
  'page.mouse': 'Mouse',
  'page.scroll': 'Scroll',
  'page.go_back': 'Go back',
  'page.go_forward': 'Go forward',
  'page.reload': 'Reload',
  'page.drop': 'Drop',
};

export interface ActionsOptions {
  durationMs: number;
  position: CalloutPosition;
  cursor: boolean;
  pointStyle?: string | undefined;
  titleStyle?: string | undefined;
}

export interface Recording {
  recorder: Recorder;
  filename: string;
  width: number;
  height: number;
  fps: number;
  /** start_video's `cursor`: mark each action's point while recording, even with callouts off. */
  cursor: boolean;
  /** The engine's screencast of the page the recording started on, where it has one. */
  screencast?: { stop(): Promise<void>; frames(): number };
}

/** One MCP session's video: the recording in progress and the callout settings. */
export class VideoState {
  recording: Recording | undefined;
  actions: ActionsOptions | undefined;
  #reach: Promise<VideoReach> | undefined;
  /** Cards and callouts drawn so far: each gets its own id in the page. */
  #drawn = 0;

  constructor(readonly link: ProviderLink) {}

  /** The link's session as the video reaches it; reached again when the link opened another session (browser_close). */
  async reach(): Promise<VideoReach> {
    const r = this.#reach !== undefined ? await this.#reach.catch(() => undefined) : undefined;
    if (r !== undefined && this.link.open && (await this.link.session()).session_id === r.sessionId) return r;
    this.#reach = reach(this.link);
    return this.#reach;
  }

  /** The current page, never opening a session for it: undefined while the link has none (after browser_close). */
  async currentPage(): Promise<BackendPage | undefined> {
    if (!this.link.open) return undefined;
    return (await this.reach()).page();
  }

  /** Runs an overlay function in the current page; a page that is gone or navigating is skipped. */
  async draw(source: string): Promise<boolean> {
    const page = await this.currentPage();
    if (page?.evaluate === undefined) return false;
    const signal = AbortSignal.timeout(5_000);
    return page.evaluate(source, signal).then(
      () => true,
      () => false,
    );
  }

  clear(id?: string): Promise<boolean> {
    return this.draw(clearSource(id));
  }

  /**
   * Shows the card for `durationMs`; while recording, also until a frame holds it (a capture can take
   * seconds on a busy machine), so the video never misses it. Answers whether the page drew it.
   */
  async chapter(title: string, description: string | undefined, durationMs: number): Promise<boolean> {
    const id = `chapter-${++this.#drawn}`;
    const rec = this.recording;
    const since = Date.now();
    if (!(await this.draw(chapterSource({ id, title, description, durationMs: rec === undefined ? durationMs : durationMs + CAPTURE_WAIT_MS })))) return false;
    await Promise.all([sleep(durationMs), rec?.recorder.captured(since, CAPTURE_WAIT_MS)]);
    if (rec !== undefined) await this.clear(id);
    return true;
  }

  /** After an action answered: its callout (show_actions) or its point (start_video's cursor), seen by the next frame. */
  async afterAction(method: string, params: Record<string, unknown>, result: unknown): Promise<void> {
    const verb = VERBS[method];
    const cursorOnly = this.actions === undefined && this.recording?.cursor === true;
    if (verb === undefined || (this.actions === undefined && !cursorOnly)) return;
    const o: ActionsOptions = this.actions ?? { durationMs: 500, position: 'top-right', cursor: true };
    const point = pointOf(result);
    if (cursorOnly && point === undefined) return;
    const title = cursorOnly ? '' : `${verb}${describeTarget(params)}`;
    const id = `callout-${++this.#drawn}`;
    const rec = this.recording;
    const since = Date.now();
    const durationMs = rec === undefined ? o.durationMs : o.durationMs + CAPTURE_WAIT_MS;
    const drawn = await this.draw(calloutSource({ id, title, point, durationMs, position: o.position, cursor: o.cursor, pointStyle: o.pointStyle, titleStyle: o.titleStyle }));
    if (!drawn || rec === undefined) return;
    // While recording, the answer waits until a frame holds the callout, so the next action cannot hide it unseen.
    await Promise.all([sleep(o.durationMs), rec.recorder.captured(since, CAPTURE_WAIT_MS)]);
    await this.clear(id);
  }

  /**
   * Watches this link's calls for actions (the MCP server's every tool goes through `link.call`), and
   * ends the recording with the link. Installed once per link, on the first video tool call.
   */
  static of(link: ProviderLink): VideoState {
    let state = STATES.get(link);
    if (state !== undefined) return state;
    const made = new VideoState(link);
    state = made;
    STATES.set(link, made);
    const call = link.call.bind(link);
    link.call = async <T>(method: string, params: Record<string, unknown> = {}) => {
      const r = await call<T>(method, params);
      if (made.actions !== undefined || made.recording?.cursor === true) await made.afterAction(method, params, r.result).catch(() => undefined);
      return r;
    };
    const close = link.close.bind(link);
    link.close = async () => {
      await made.recording?.recorder.cancel();
      await made.recording?.screencast?.stop();
      await made.recording?.recorder.encoder.abort();
      made.recording = undefined;
      return close();
    };
    return made;
  }
}

const STATES = new WeakMap<ProviderLink, VideoState>();

/** How long a card waits for a frame to hold it before it goes anyway (a capture stalled by a busy engine). */
const CAPTURE_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function pointOf(result: unknown): { x: number; y: number } | undefined {
  const p = (result as { point?: unknown } | null)?.point as { x?: unknown; y?: unknown } | undefined;
  return typeof p?.x === 'number' && typeof p.y === 'number' ? { x: p.x, y: p.y } : undefined;
}

/** The target as the call named it; typed text is never shown (it may be a password). */
function describeTarget(p: Record<string, unknown>): string {
  const q = (v: unknown) => JSON.stringify(String(v).slice(0, 80));
  if (typeof p.text_query === 'string') return ` ${q(p.text_query)}`;
  if (typeof p.element_ref === 'string') return ` ${p.element_ref}`;
  if (typeof p.selector === 'string') return ` ${q(p.selector)}`;
  if (typeof p.url === 'string') return ` ${q(p.url)}`;
  if (typeof p.key === 'string') return ` ${q(p.key)}`;
  if (typeof p.action === 'string') return ` ${p.action}`;
  return '';
}

/** The image's pixel size, from its header. */
export function imageSize(image: Buffer): { width: number; height: number } {
  const b64 = image.toString('base64');
  return image[0] === 0xff ? jpegSize(b64) : pngSize(b64);
}

/** One capture of the page's viewport, as JPEG where the engine takes it (smaller, faster to decode), else PNG. */
export async function capture(page: BackendPage, jpeg: boolean, signal: AbortSignal): Promise<Buffer> {
  const shot = await page.screenshot(jpeg ? { format: 'jpeg', quality: 80 } : {}, signal);
  return Buffer.from(shot.data, 'base64');
}
