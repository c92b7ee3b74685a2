/** `browser-provider record` and `browser-provider replay`: the command-line ends of flow recording. */
import { readFile, writeFile } from 'node:fs/promises';
import { describeStep, FlowRecording, flowToJsonl, parseFlow, type FlowStep } from '@browser-provider/page-script/flow';
import type { BrowserName } from '../browsers';
import { openDriver, StepError, type Driver } from './driver';
import { exportFlow, type ExportFormat } from './export';
import { replayFlow, targetText, type ReplayResult } from './replay';

const POLL_MS = 250;
/** Errors that mean the person closed the window or the browser went away: the recording is over. */
const GONE = new Set(['page_not_found', 'session_not_found', 'browser_not_running']);

/** Polls the recorder on `pageId` until `stop` resolves or the page goes away; answers the steps. */
export async function recordPage(driver: Driver, pageId: string, stop: Promise<void>, onStep?: (line: string) => void): Promise<FlowStep[]> {
  const rec = new FlowRecording(async (expression) => (await driver.call('page.eval', { page_id: pageId, expression })).value);
  let stopped = false;
  void stop.then(() => (stopped = true));
  const printed: string[] = [];
  const show = () => {
    // A coalesced step (typing) rewrites its line: print each step whose description changed.
    rec.steps().forEach((step, i) => {
      const line = `${i + 1}. ${describeStep(step)}`;
      if (printed[i] !== line) onStep?.(line);
      printed[i] = line;
    });
  };
  for (;;) {
    try {
      if ((await rec.poll()) > 0) show();
    } catch (e) {
      if (e instanceof StepError && GONE.has(e.error.code)) break;
      // A poll that met a document being replaced: the next one installs the recorder in the new document.
    }
    if (stopped) break;
    await Promise.race([new Promise((r) => setTimeout(r, POLL_MS)), stop]);
  }
  return rec.steps();
}

export interface RecordOptions {
  browser: BrowserName;
  url: string;
  out?: string | undefined;
}

export async function recordCommand(o: RecordOptions): Promise<number> {
  // Headed where a person can see the window; with no display the browser runs headless, which only
  // automation standing in for the person can drive.
  const headed = process.platform === 'darwin' || Boolean(process.env.DISPLAY) || Boolean(process.env.WAYLAND_DISPLAY);
  const driver = await openDriver(o.browser, { allowEval: true, headed });
  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  process.once('SIGINT', () => stop());
  try {
    const opened = await driver.call('page.open', { url: o.url });
    process.stderr.write(
      headed
        ? `recording on ${o.browser}: act in the browser window, then press Ctrl-C (or close the window) to stop\n`
        : `recording on ${o.browser}, headless (no display found): press Ctrl-C to stop\n`,
    );
    const steps = await recordPage(driver, String(opened.page_id), stopped, (line) => process.stderr.write(`${line}\n`));
    const text = flowToJsonl(steps);
    if (o.out) {
      await writeFile(o.out, text);
      process.stderr.write(`${steps.length} steps written to ${o.out}\n`);
    } else process.stdout.write(text);
    return 0;
  } finally {
    await driver.close();
  }
}

export interface ReplayCommandOptions {
  script: string;
  browser: BrowserName[];
  export?: ExportFormat | undefined;
  targetTimeoutMs: number;
}

export async function replayCommand(o: ReplayCommandOptions): Promise<number> {
  const steps = parseFlow(await readFile(o.script, 'utf8'));
  if (o.export) {
    process.stdout.write(exportFlow(steps, o.export));
    return 0;
  }
  const results = new Map<BrowserName, ReplayResult | string>();
  for (const browser of o.browser) {
    const driver = await openDriver(browser);
    try {
      if ((await driver.backend.status()).availability === 'unavailable') {
        results.set(browser, 'not installed');
        continue;
      }
      process.stderr.write(`replaying ${steps.length} steps on ${browser}\n`);
      results.set(browser, await replayFlow(driver.call, steps, { targetTimeoutMs: o.targetTimeoutMs }));
    } catch (e) {
      results.set(browser, (e as Error).message);
    } finally {
      await driver.close();
    }
  }
  process.stdout.write(replayMatrix(steps, results));
  const ran = [...results.values()].filter((r) => typeof r !== 'string' || r !== 'not installed');
  return ran.length > 0 && ran.every((r) => typeof r !== 'string' && r.ok) ? 0 : 1;
}

/** Steps down, engines across, like certify's matrix; then each failure with its target and snapshot excerpt. */
export function replayMatrix(steps: readonly FlowStep[], results: ReadonlyMap<string, ReplayResult | string>): string {
  const engines = [...results.keys()];
  const label = (i: number) => `${i + 1}. ${describeStep(steps[i]!)}`.slice(0, 70);
  const width = Math.max(4, ...steps.map((_, i) => label(i).length));
  const cell = (engine: string, i: number) => {
    const r = results.get(engine)!;
    if (typeof r === 'string') return r === 'not installed' ? 'n/a' : 'error';
    const s = r.steps[i];
    return s === undefined ? '-' : s.status === 'pass' ? 'pass' : 'FAIL';
  };
  const cols = engines.map((e) => Math.max(e.length, 5));
  const row = (first: string, cells: string[]) => `${first.padEnd(width)}  ${cells.map((c, j) => c.padEnd(cols[j]!)).join('  ')}`.trimEnd();
  const lines = [row('step', engines), ...steps.map((_, i) => row(label(i), engines.map((e) => cell(e, i))))];
  const verdicts = engines.map((e) => {
    const r = results.get(e)!;
    if (typeof r === 'string') return `${e}: ${r}`;
    return `${e}: ${r.ok ? `all ${steps.length} steps passed` : `failed at step ${r.failure!.step}`} (${r.steps.reduce((a, s) => a + s.ms, 0)} ms)`;
  });
  lines.push('', ...verdicts);
  for (const e of engines) {
    const r = results.get(e)!;
    if (typeof r === 'string' || r.failure === undefined) continue;
    const f = r.failure;
    lines.push('', `${e}: step ${f.step} (${f.method}${f.target ? ` ${targetText(f.target)}` : ''}) failed: ${f.message}`, 'snapshot excerpt:', ...f.snapshot_excerpt.split('\n').map((l) => `  ${l}`));
  }
  return `${lines.join('\n')}\n`;
}
