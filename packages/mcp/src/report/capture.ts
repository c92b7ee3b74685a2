import type { Provider } from '@browser-provider/core';
import type { Answer } from './facts';

/** A protocol call in the step's session (the surface fills in session_id). */
export type Caller = (method: string, params: Record<string, unknown>) => Promise<Answer>;

export interface ConsoleError {
  level: string;
  text: string;
}
export interface FailedRequest {
  method: string;
  url: string;
  status?: number;
}

export interface Capture {
  image?: { bytes: Buffer; ext: 'jpg' | 'png'; width: number; height: number };
  /** Why there is no screenshot of a step that touched a page. */
  imageMissing?: string;
  consoleErrors: ConsoleError[];
  failedRequests: FailedRequest[];
}

/**
 * A page as the engine's backend holds it: what the report reads of it directly, beside the session
 * queue rather than in it (see Capturer).
 */
export interface DirectPage {
  screenshot(opts: { format?: 'jpeg'; quality?: number }, signal: AbortSignal): Promise<{ data: string; width: number; height: number }>;
  consoleEntries?(): unknown[];
  networkEntries?(): unknown[];
}

/** JPEG thumbnails are about a tenth of a PNG's bytes; engines that capture PNG only get PNG. */
const JPEG_QUALITY = 60;
/** Recently seen console entries per page, to tell a step's new ones from older ones. */
const SEEN_KEEP = 500;
const SHOT_TIMEOUT_MS = 10_000;

const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const unsupported = (a: Answer) => !a.ok && a.error.code === 'unsupported_method';
/** The image's own signature says what it is, whatever was asked for. */
const extOf = (bytes: Buffer): 'jpg' | 'png' => (bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpg' : 'png');

/**
 * What the report takes after a step: a screenshot of the page, and the console errors and failed
 * requests the page recorded since the last step (the provider's own console and network records;
 * an engine without them gets none, and stops being asked).
 *
 * Where the surface hands it the page itself (`direct`), it asks the page beside the session queue,
 * as the answer goes back: a screenshot in the queue would hold the client's next call for as long as
 * the capture takes (on a busy machine longer than a click), and a scripted run would pay that on
 * every step. The screenshot command reaches the browser before the next call's first command, so it
 * shows the page as the step left it. Without `direct` it queues protocol calls in the session, all
 * issued before the first is awaited, so they run right behind the step.
 */
export class Capturer {
  #format: 'jpeg' | 'png' = 'jpeg';
  #directFormat: Promise<'jpeg' | 'png'> | undefined;
  #noConsole = false;
  #noNetwork = false;
  readonly #console = new Map<string, Set<string>>();
  readonly #requests = new Map<string, Set<string>>();

  constructor(
    readonly call: Caller,
    readonly direct?: (pageId: string) => DirectPage | undefined,
  ) {}

  capture(pageId: string, screenshot: boolean): Promise<Capture> {
    const page = this.direct?.(pageId);
    if (page !== undefined) return this.#captureDirect(pageId, page, screenshot);
    const shot = screenshot ? this.#shot(pageId) : undefined;
    const cons = this.#noConsole ? undefined : this.call('console.list', { page_id: pageId, limit: 200 });
    const net = this.#noNetwork ? undefined : this.call('network.list', { page_id: pageId, limit: 500 });
    return (async () => {
      const [image, c, n] = await Promise.all([shot, cons, net]);
      const out: Capture = { consoleErrors: c === undefined ? [] : this.#consoleErrors(pageId, c), failedRequests: n === undefined ? [] : this.#failed(pageId, n) };
      if (image !== undefined) {
        if ('bytes' in image) out.image = image;
        else out.imageMissing = image.missing;
      }
      return out;
    })();
  }

  async #captureDirect(pageId: string, page: DirectPage, screenshot: boolean): Promise<Capture> {
    const shot = screenshot ? this.#shotDirect(page) : undefined;
    const listed = (entries: unknown[] | undefined, key: string): Answer => (entries === undefined ? { ok: false, error: { code: 'unsupported_method', message: '' } } : { ok: true, result: { [key]: entries } });
    const out: Capture = {
      consoleErrors: this.#consoleErrors(pageId, listed(page.consoleEntries?.(), 'entries')),
      failedRequests: this.#failed(pageId, listed(page.networkEntries?.(), 'requests')),
    };
    const image = await shot;
    if (image !== undefined) {
      if ('bytes' in image) out.image = image;
      else out.imageMissing = image.missing;
    }
    return out;
  }

  async #shotDirect(page: DirectPage): Promise<Capture['image'] | { missing: string }> {
    const take = (f: 'jpeg' | 'png') => page.screenshot(f === 'jpeg' ? { format: 'jpeg', quality: JPEG_QUALITY } : {}, AbortSignal.timeout(SHOT_TIMEOUT_MS));
    try {
      let s;
      const known = this.#directFormat;
      if (known !== undefined) s = await take(await known);
      else {
        // The first capture finds the format; captures that start meanwhile wait for its answer.
        let found: (f: 'jpeg' | 'png') => void = () => undefined;
        this.#directFormat = new Promise((r) => (found = r));
        try {
          s = await take('jpeg');
          found('jpeg');
        } catch {
          // An engine that captures PNG only (WebKit's WebDriver) fails a JPEG.
          s = await take('png').catch((e: unknown) => {
            this.#directFormat = undefined;
            found('jpeg');
            throw e;
          });
          found('png');
        }
      }
      const bytes = Buffer.from(s.data, 'base64');
      return { bytes, ext: extOf(bytes), width: s.width, height: s.height };
    } catch (e) {
      return { missing: `the screenshot failed: ${String(e).slice(0, 200)}` };
    }
  }

  async #shot(pageId: string): Promise<Capture['image'] | { missing: string }> {
    const params = (f: 'jpeg' | 'png') => ({ page_id: pageId, ...(f === 'jpeg' ? { format: 'jpeg', quality: JPEG_QUALITY } : {}), timeout_ms: SHOT_TIMEOUT_MS });
    let a = await this.call('page.screenshot', params(this.#format));
    if (!a.ok && this.#format === 'jpeg') {
      // An engine whose WebDriver captures PNG only (WebKit) refuses jpeg by name: PNG from then on, once PNG works.
      a = await this.call('page.screenshot', params('png'));
      if (a.ok) this.#format = 'png';
    }
    if (!a.ok) return { missing: `the screenshot failed: ${a.error.code}: ${a.error.message.slice(0, 200)}` };
    const r = rec(a.result);
    if (typeof r.image !== 'string') return { missing: 'the engine answered no inline image' };
    const bytes = Buffer.from(r.image, 'base64');
    return { bytes, ext: extOf(bytes), width: Number(r.width) || 0, height: Number(r.height) || 0 };
  }

  #consoleErrors(pageId: string, a: Answer): ConsoleError[] {
    if (unsupported(a)) this.#noConsole = true;
    if (!a.ok) return [];
    const seen = this.#console.get(pageId) ?? new Set<string>();
    this.#console.set(pageId, seen);
    const out: ConsoleError[] = [];
    for (const e of (rec(a.result).entries as unknown[] | undefined) ?? []) {
      const entry = rec(e);
      const key = `${String(entry.timestamp)}|${String(entry.text)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (entry.level === 'error') out.push({ level: 'error', text: String(entry.text).slice(0, 2_000) });
    }
    for (const k of seen) if (seen.size > SEEN_KEEP) seen.delete(k);
    return out;
  }

  #failed(pageId: string, a: Answer): FailedRequest[] {
    if (unsupported(a)) this.#noNetwork = true;
    if (!a.ok) return [];
    const seen = this.#requests.get(pageId) ?? new Set<string>();
    this.#requests.set(pageId, seen);
    const out: FailedRequest[] = [];
    for (const q of (rec(a.result).requests as unknown[] | undefined) ?? []) {
      const r = rec(q);
      const id = String(r.request_id);
      // A request still running is looked at again next step.
      const done = r.failed === true || typeof r.status === 'number';
      if (seen.has(id) || !done) continue;
      seen.add(id);
      if (r.failed === true || (typeof r.status === 'number' && r.status >= 400)) {
        out.push({ method: String(r.method), url: String(r.url).slice(0, 2_000), ...(typeof r.status === 'number' ? { status: r.status } : {}) });
      }
    }
    return out;
  }
}

/** The pages a provider in this process holds, by session and page id, for `Capturer`'s direct reads. */
export function directPages(provider: Pick<Provider, 'sessions'>, sessionOf: (pageId: string) => string | undefined): (pageId: string) => DirectPage | undefined {
  return (pageId) => {
    const session = sessionOf(pageId);
    const page = session === undefined ? undefined : provider.sessions.get(session)?.pages.get(pageId);
    return page === undefined || page.closedReason !== undefined ? undefined : page.backend;
  };
}
