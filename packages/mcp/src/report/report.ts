import { mkdir, open, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Capture, Capturer } from './capture';
import { callFacts, type Answer, type CallFacts, type Point } from './facts';
import { renderReport } from './html';
import type { ReportHead, ReportTail, StepEntry, Surface } from './types';
import { Secrets } from './secrets';

/** A report's size cap unless the server is told otherwise: all its files (lines, screenshots, HTML) together. */
export const DEFAULT_REPORT_CAP_BYTES = 50 * 1024 * 1024;
/** An answer is kept up to this many characters; the rest is left out, saying how much. */
const ANSWER_CHARS = 8_000;
/** A string argument or result field is kept up to this many characters (uploads, scripts). */
const VALUE_CHARS = 2_000;
/** Room kept for the HTML's own markup and styles, and for the last line of the JSON Lines file. */
const FIXED_ROOM = 64 * 1024;
/** HTML markup per step, beyond the step's own data (which the HTML repeats from the JSON Lines). */
const STEP_ROOM = 1_500;

/** The share of the report's wall time its screenshots may take (see SessionReport.#shotAllowed). */
export const SHOT_SHARE = 0.05;
const SHOT_SKIPPED = 'skipped: screenshots may take at most 5 % of the run\'s time and the last one had used it up; a later step\'s screenshot shows the page after this one';

export const JSONL_NAME = 'steps.jsonl';
export const HTML_NAME = 'report.html';
export const SHOTS_DIR = 'shots';

export type { Surface, ReportHead, StepEntry, ReportTail } from './types';

export interface ReportOptions {
  /** The folder to write in (made, private, when missing). */
  dir: string;
  surface: Surface;
  capBytes?: number;
  /** Takes the screenshot, console errors and failed requests after a step that touched a page. */
  capturer?: Capturer;
  /** The share of wall time screenshots may take (default SHOT_SHARE); 1 or more takes one after every step that changes a page. */
  shotShare?: number;
  log?: (message: string) => void;
}

const cut = (s: string, n: number): string => (s.length <= n ? s : `${s.slice(0, n)}… (${s.length - n} more characters left out of the report)`);

/** Long strings shortened (base64 uploads, scripts, images): the report keeps what a person reads. */
function trimmed(v: unknown): unknown {
  if (typeof v === 'string') return cut(v, VALUE_CHARS);
  if (Array.isArray(v)) return v.map(trimmed);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trimmed(x)]));
  return v;
}

/** One step in progress: the protocol calls it makes are observed, then it ends with its answer. */
export class ReportStep {
  readonly #started = performance.now();
  readonly #at = new Date().toISOString();
  readonly #facts: CallFacts[] = [];

  constructor(
    readonly report: SessionReport,
    readonly name: string,
    readonly args: unknown,
  ) {}

  observe(method: string, params: Record<string, unknown>, answer: Answer): void {
    this.#facts.push(callFacts(method, params, answer));
  }

  /** The step answered: its record is written once its screenshot is taken (queued now, ahead of the next step). */
  end(answer: string, ok: boolean, error?: string): void {
    const ms = Math.round(performance.now() - this.#started);
    this.report.settle(this, { at: this.#at, ms, answer, ok, ...(error !== undefined ? { error } : {}) }, this.#facts);
  }
}

/**
 * A session report: every step's call, answer, time, screenshot, point, console errors and failed
 * requests, as JSON Lines (`steps.jsonl`, written as the steps end) and one HTML file (`report.html`,
 * with the screenshots beside it in `shots/`) written when the report stops. All of it stays under
 * the cap: a screenshot that does not fit is left out, then whole steps, and both files say so.
 */
export class SessionReport {
  readonly capBytes: number;
  readonly #secrets = new Secrets();
  /** The characters pressed into a password field by the steps just before (see `settle`). */
  #keyRun = '';
  readonly #entries: StepEntry[] = [];
  readonly #head: ReportHead;
  #fh: FileHandle;
  #jsonlBytes = 0;
  #imageBytes = 0;
  #count = 0;
  #leftOut: ReportTail['left_out'] = { steps: 0, screenshots: 0 };
  #chain: Promise<void> = Promise.resolve();
  readonly #opened = performance.now();
  #shotMs = 0;
  #shotInFlight = false;
  #closed: Promise<ReportTail> | undefined;

  private constructor(
    readonly dir: string,
    readonly options: ReportOptions,
    fh: FileHandle,
  ) {
    this.capBytes = options.capBytes ?? DEFAULT_REPORT_CAP_BYTES;
    this.#fh = fh;
    this.#head = { type: 'session', surface: options.surface, started_at: new Date().toISOString(), cap_bytes: this.capBytes, masking: 'text typed into a password field (or into a field that could not be read back), keys pressed into one and the password they spell, and the string literals an evaluated function writes when it names a password, PIN, token or key, are shown as one • per character, as the snapshot shows a password' };
  }

  static async open(options: ReportOptions): Promise<SessionReport> {
    await mkdir(join(options.dir, SHOTS_DIR), { recursive: true, mode: 0o700 });
    const fh = await open(join(options.dir, JSONL_NAME), 'w', 0o600);
    const r = new SessionReport(options.dir, options, fh);
    await r.#line(r.#head);
    return r;
  }

  get htmlPath(): string {
    return join(this.dir, HTML_NAME);
  }
  get jsonlPath(): string {
    return join(this.dir, JSONL_NAME);
  }
  get closed(): boolean {
    return this.#closed !== undefined;
  }
  /** Steps recorded so far (ended, whether or not written yet). */
  get steps(): number {
    return this.#count;
  }

  begin(name: string, args: unknown): ReportStep {
    return new ReportStep(this, name, args);
  }

  /** Called by ReportStep.end. */
  settle(step: ReportStep, done: { at: string; ms: number; answer: string; ok: boolean; error?: string }, facts: CallFacts[]): void {
    if (this.#closed !== undefined) return;
    const index = ++this.#count;
    for (const f of facts) if (f.secret !== undefined) this.#secrets.add(f.secret);
    for (const f of facts) for (const s of f.secrets ?? []) this.#secrets.add(s);
    // Keys pressed one by one into a password field: each is masked in its step, and the password they
    // spell so far everywhere, until a step presses no such key.
    const keys = facts.flatMap((f) => (f.secretKey !== undefined ? [f.secretKey] : []));
    this.#keyRun = keys.length > 0 ? this.#keyRun + keys.join('') : '';
    if (keys.length > 0) this.#secrets.add(this.#keyRun);
    const last = <K extends keyof CallFacts>(k: K): CallFacts[K] | undefined => facts.findLast((f) => f[k] !== undefined)?.[k];
    const pageId = last('pageId');
    const touched = facts.some((f) => f.touched);
    const entry: StepEntry = this.#secrets.value({
      type: 'step',
      index,
      at: done.at,
      name: step.name,
      args: trimmed(step.args),
      ok: done.ok,
      ...(done.error !== undefined ? { error: cut(done.error, VALUE_CHARS) } : {}),
      ms: done.ms,
      answer: cut(done.answer, ANSWER_CHARS),
      ...(pageId !== undefined ? { page_id: pageId } : {}),
      ...(last('url') !== undefined ? { url: cut(last('url') as string, VALUE_CHARS) } : {}),
      ...(last('point') !== undefined ? { point: last('point') as Point } : {}),
      ...(last('drag') !== undefined ? { drag: last('drag') as { from: Point; to: Point } } : {}),
      ...(last('diff') !== undefined ? { diff: (last('diff') as string[]).slice(0, 400).map((l) => cut(l, 500)) } : {}),
      console_errors: [],
      failed_requests: [],
    }, keys);
    // Issued now, so the calls queue in the session ahead of the client's next one.
    const shot = touched && this.#shotAllowed();
    if (touched && !shot) entry.screenshot_missing = SHOT_SKIPPED;
    const capture = touched && pageId !== undefined && this.options.capturer !== undefined ? this.#capture(this.options.capturer, pageId, shot) : undefined;
    this.#chain = this.#chain.then(() => this.#write(entry, capture)).catch((e: unknown) => this.options.log?.(`session report: step ${index}: ${String(e)}`));
  }

  /**
   * Screenshots cost the browser time the run needs (on a loaded machine as long as a click), so they
   * may take at most SHOT_SHARE of the report's wall time, one at a time. A run paced by a model,
   * seconds between calls, gets one after every step that changes a page; a scripted run as fast as
   * the browser goes gets fewer, each step without one saying why.
   */
  #shotAllowed(): boolean {
    const share = this.options.shotShare ?? SHOT_SHARE;
    if (share >= 1) return true;
    if (this.#shotInFlight) return false;
    return this.#shotMs <= share * (performance.now() - this.#opened);
  }

  #capture(capturer: Capturer, pageId: string, shot: boolean): Promise<Capture> {
    const t0 = performance.now();
    if (shot) this.#shotInFlight = true;
    return capturer
      .capture(pageId, shot)
      .catch((e: unknown) => ({ consoleErrors: [], failedRequests: [], imageMissing: `the capture failed: ${String(e)}` }) as Capture)
      .finally(() => {
        if (!shot) return;
        this.#shotInFlight = false;
        this.#shotMs += performance.now() - t0;
      });
  }

  /** Bytes the report will hold with `more` added: its files, and the HTML that repeats the lines. */
  #projected(moreLine: number, moreImage: number, moreSteps: number): number {
    const lines = this.#jsonlBytes + moreLine;
    return lines * 2 + this.#imageBytes + moreImage + (this.#entries.length + moreSteps) * STEP_ROOM + FIXED_ROOM;
  }

  async #write(entry: StepEntry, capture: Promise<Capture> | undefined): Promise<void> {
    const c = await capture;
    if (c !== undefined) {
      entry.console_errors = this.#secrets.value(c.consoleErrors);
      entry.failed_requests = c.failedRequests;
      if (c.imageMissing !== undefined) entry.screenshot_missing = c.imageMissing;
    }
    if (this.#leftOut.steps > 0) return this.#drop(entry);
    if (c?.image !== undefined) {
      const name = `${SHOTS_DIR}/${String(entry.index).padStart(4, '0')}.${c.image.ext}`;
      const line = Buffer.byteLength(JSON.stringify({ ...entry, screenshot: name })) + 1;
      if (this.#projected(line, c.image.bytes.length, 1) <= this.capBytes) {
        await writeFile(join(this.dir, name), c.image.bytes, { mode: 0o600 });
        this.#imageBytes += c.image.bytes.length;
        entry.screenshot = name;
        entry.screenshot_size = { width: c.image.width, height: c.image.height };
      } else {
        this.#leftOut.screenshots++;
        entry.screenshot_missing = 'left out: the report is at its size cap';
      }
    }
    const line = Buffer.byteLength(JSON.stringify(entry)) + 1;
    if (this.#projected(line, 0, 1) > this.capBytes) return this.#drop(entry);
    this.#entries.push(entry);
    await this.#line(entry);
  }

  #drop(entry: StepEntry): void {
    this.#leftOut.steps++;
    this.#leftOut.first_step_left_out ??= entry.index;
  }

  async #line(v: object): Promise<void> {
    const s = `${JSON.stringify(v)}\n`;
    this.#jsonlBytes += Buffer.byteLength(s);
    await this.#fh.write(s);
  }

  /** Waits for the steps' captures, writes the last line and the HTML. Idempotent. */
  close(): Promise<ReportTail> {
    this.#closed ??= (async () => {
      await this.#chain;
      const tail: ReportTail = {
        type: 'end',
        stopped_at: new Date().toISOString(),
        steps: this.#entries.length,
        bytes: 0,
        left_out: this.#leftOut,
        secrets_masked: this.#secrets.size,
      };
      // Both files name the report's total bytes, which include them: settled in a step or two as the number's digits do.
      let html = '';
      for (let i = 0; i < 4; i++) {
        html = renderReport(this.#head, this.#entries, tail);
        const total = this.#jsonlBytes + this.#imageBytes + Buffer.byteLength(html) + Buffer.byteLength(JSON.stringify(tail)) + 1;
        if (total === tail.bytes) break;
        tail.bytes = total;
      }
      await this.#line(tail);
      await this.#fh.close();
      await writeFile(this.htmlPath, html, { mode: 0o600 });
      return tail;
    })();
    return this.#closed;
  }
}
