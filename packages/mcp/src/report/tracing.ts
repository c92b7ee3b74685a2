import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ReportStep, ReportTail } from './report';
import { DEFAULT_REPORT_CAP_BYTES, SessionReport, type Surface } from './report';
import type { Capturer } from './capture';

/** `--save-session <dir>`: every session writes a report in a folder of its own below `dir`. */
export interface SaveSession {
  dir: string;
  capBytes?: number | undefined;
  /** A screenshot after every step that changes a page, whatever it costs (default: at most 5 % of the run's time). */
  everyStep?: boolean | undefined;
}

/** What describe and browser_get_config say about the report. */
export interface ReportStatus {
  writing: boolean;
  /** The folder of the report being written (or the --save-session folder a session's report goes below). */
  dir?: string;
  html?: string;
  jsonl?: string;
  steps?: number;
  capBytes?: number;
}

/** A new report folder's name: when it started, and a few random characters so two sessions never share one. */
export const reportFolder = (prefix: string): string => `${prefix}-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;

/**
 * One session's report, started by `--save-session` (on its first call) or by browser_start_tracing
 * and ended by browser_stop_tracing or the session's end. The step being run is found through
 * AsyncLocalStorage, so calls that overlap (Streamable HTTP) each land in their own step.
 */
export class Tracing {
  readonly #steps = new AsyncLocalStorage<ReportStep>();
  #report: Promise<SessionReport> | undefined;
  #open: SessionReport | undefined;
  /** --save-session's report is opened at most once: after browser_stop_tracing only a start opens another. */
  #autoUsed = false;

  constructor(
    readonly surface: Surface,
    readonly capturer: Capturer,
    readonly save: SaveSession | undefined,
    readonly log?: (m: string) => void,
  ) {}

  /** The report calls are recorded in now (opening --save-session's on the first call). */
  async current(): Promise<SessionReport | undefined> {
    if (this.#report === undefined && this.save !== undefined && !this.#autoUsed) {
      this.#autoUsed = true;
      this.#report = this.#start(join(this.save.dir, reportFolder('session')), this.save.capBytes);
    }
    return this.#report?.catch((e: unknown) => {
      this.log?.(`session report: ${String(e)}`);
      this.#report = undefined;
      return undefined;
    });
  }

  #start(dir: string, capBytes: number | undefined): Promise<SessionReport> {
    const p = SessionReport.open({ dir, surface: this.surface, capturer: this.capturer, capBytes: capBytes ?? DEFAULT_REPORT_CAP_BYTES, ...(this.save?.everyStep === true ? { shotShare: 1 } : {}), ...(this.log ? { log: this.log } : {}) });
    void p.then((r) => (this.#open = r), () => undefined);
    return p;
  }

  /** Starts a report in `dir`; undefined when one is being written already (its status says where). */
  async start(dir: string, capBytes?: number): Promise<SessionReport | undefined> {
    this.#autoUsed = true;
    if ((await this.current()) !== undefined) return undefined;
    this.#report = this.#start(dir, capBytes);
    return this.#report;
  }

  /** Ends the report being written: its last line and the HTML. */
  async stop(): Promise<{ report: SessionReport; tail: ReportTail } | undefined> {
    this.#autoUsed = true;
    const p = this.#report;
    this.#report = undefined;
    this.#open = undefined;
    const report = await p?.catch(() => undefined);
    if (report === undefined) return undefined;
    return { report, tail: await report.close() };
  }

  status(): ReportStatus {
    const r = this.#open;
    if (r !== undefined) return { writing: true, dir: r.dir, html: r.htmlPath, jsonl: r.jsonlPath, steps: r.steps, capBytes: r.capBytes };
    return { writing: false, ...(this.save !== undefined && !this.#autoUsed ? { dir: this.save.dir } : {}) };
  }

  /** Runs one call as a step of the report (when one is being written), recording its answer. */
  async step<T>(name: string, args: unknown, run: () => Promise<T>, answer: (result: T) => { text: string; ok: boolean; error?: string }): Promise<T> {
    const report = await this.current();
    if (report === undefined) return run();
    const step = report.begin(name, args);
    const result = await this.#steps.run(step, run);
    const a = answer(result);
    step.end(a.text, a.ok, a.error);
    return result;
  }

  /** A protocol call the running step made. */
  observe(method: string, params: Record<string, unknown>, answer: Parameters<ReportStep['observe']>[2]): void {
    this.#steps.getStore()?.observe(method, params, answer);
  }
}
