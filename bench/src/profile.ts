import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { BenchServer } from './fixtures';
import { launchRawChromium, launchRawFirefox, type RawBidi } from './launch';
import { FULL_BUDGET, TARGET_ROW } from './ours';
import { StdioProvider } from './stdio-client';
import type { Engine, ProfileResult, ProfileStep } from './types';

/**
 * Where our time goes, without touching our code: the provider is started in attach mode against a
 * browser we launched, through a WebSocket proxy that timestamps every BiDi command and its answer.
 * For each protocol call we then know the time spent inside browser commands (by method) and the
 * rest — our server's own work (core, envelope, JSON) plus the stdio hop — and how many round trips
 * one call costs.
 */

interface Span {
  method: string;
  start: number;
  end?: number;
}

class TracingProxy {
  readonly spans: Span[] = [];
  private readonly wss: WebSocketServer;
  private readonly http = createServer();
  port = 0;

  constructor(private readonly raw: RawBidi) {
    this.wss = new WebSocketServer({ server: this.http, maxPayload: 512 * 1024 * 1024 });
    this.wss.on('connection', (down) => this.bridge(down));
  }

  async listen(): Promise<string> {
    await new Promise<void>((r) => this.http.listen(0, '127.0.0.1', () => r()));
    this.port = (this.http.address() as AddressInfo).port;
    return `ws://127.0.0.1:${this.port}/session`;
  }

  private bridge(down: WebSocket): void {
    const up = new WebSocket(this.raw.url, { perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
    const open: Array<[number, Span]> = [];
    const queue: string[] = [];
    up.on('open', () => queue.splice(0).forEach((m) => up.send(m)));
    down.on('message', (data) => {
      let text = String(data);
      const msg = JSON.parse(text) as { id: number; method: string; params: Record<string, unknown> };
      // Attach mode asks only for browserName; give the browser the same options a launch would.
      if (msg.method === 'session.new') text = JSON.stringify({ ...msg, params: { ...msg.params, capabilities: this.raw.capabilities } });
      const span: Span = { method: msg.method, start: performance.now() };
      this.spans.push(span);
      open.push([msg.id, span]);
      if (up.readyState === WebSocket.OPEN) up.send(text);
      else queue.push(text);
    });
    up.on('message', (data) => {
      const text = String(data);
      // Only answers carry a top-level numeric id; cheap check before parsing megabyte payloads.
      const m = /^\{"(?:type":"success",")?id":(\d+)/.exec(text) ?? /"id":(\d+)[,}]/.exec(text.slice(0, 200));
      if (m) {
        const idx = open.findIndex(([id]) => id === Number(m[1]));
        if (idx >= 0) {
          const [, span] = open[idx] as [number, Span];
          span.end = performance.now();
          open.splice(idx, 1);
        }
      }
      down.send(text);
    });
    const closeBoth = () => (up.close(), down.close());
    up.on('close', closeBoth);
    down.on('close', closeBoth);
    up.on('error', closeBoth);
  }

  async close(): Promise<void> {
    for (const c of this.wss.clients) c.terminate();
    this.wss.close();
    this.http.closeAllConnections();
    await new Promise<void>((r) => this.http.close(() => r()));
  }
}

/** Sums browser time per method inside [t0, t1] and the part of the window no command covered. */
function analyse(what: string, spans: Span[], t0: number, t1: number): ProfileStep {
  const inside = spans.filter((s) => s.start >= t0 && s.end !== undefined && s.end <= t1);
  const browserMs: ProfileStep['browserMs'] = {};
  for (const s of inside) {
    const e = (browserMs[s.method] ??= { count: 0, ms: 0 });
    e.count++;
    e.ms += (s.end as number) - s.start;
  }
  // Union of spans (commands may overlap), so the outside time is never negative.
  let covered = 0;
  let reach = t0;
  for (const s of [...inside].sort((a, b) => a.start - b.start)) {
    const start = Math.max(s.start, reach);
    if ((s.end as number) > start) covered += (s.end as number) - start;
    reach = Math.max(reach, s.end as number);
  }
  return { what, totalMs: t1 - t0, browserMs, outsideMs: t1 - t0 - covered };
}

async function step(what: string, proxy: TracingProxy, runs: number, fn: () => Promise<unknown>): Promise<ProfileStep> {
  const results: ProfileStep[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    results.push(analyse(what, proxy.spans, t0, performance.now()));
  }
  // The median run by total time, with its own breakdown (breakdowns of different runs do not add up).
  return results.sort((a, b) => a.totalMs - b.totalMs)[Math.floor(results.length / 2)] as ProfileStep;
}

export async function profileBidi(engine: Engine, server: BenchServer, rows: number, runs: number, log: (s: string) => void): Promise<ProfileResult> {
  const out: ProfileResult = { engine, rows, steps: [] };
  const raw = await (engine === 'firefox' ? launchRawFirefox() : launchRawChromium()).catch((e: Error) => e);
  if (raw instanceof Error) return { ...out, error: raw.message };
  const proxy = new TracingProxy(raw);
  const url = await proxy.listen();
  const p = new StdioProvider(engine, ['--attach-url', url]);
  try {
    // attach defaults to "never": ask for it, or the provider launches a browser of its own.
    const sid = String((await p.call('session.ensure', { attach: 'require' })).session_id);
    await p.call('page.open', { session_id: sid, url: server.catalogUrl(rows) });
    const snap = await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET });
    const find = (role: string) => (snap.elements as Array<{ element_ref: string; role: string; selector_hint?: string }>).find((e) => e.role === role && e.selector_hint?.startsWith(`#row-${TARGET_ROW}>`))?.element_ref;
    const button = find('button');
    const textbox = find('textbox');
    out.steps.push(await step('page.snapshot (full)', proxy, runs, () => p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET })));
    out.steps.push(await step('page.snapshot (interactive)', proxy, runs, () => p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET, mode: 'interactive' })));
    out.steps.push(await step('page.click (ref)', proxy, runs * 3, () => p.call('page.click', { session_id: sid, element_ref: button })));
    out.steps.push(await step('page.type (ref)', proxy, runs * 3, () => p.call('page.type', { session_id: sid, element_ref: textbox, text: 'note', replace: true })));
    for (const s of out.steps) {
      const parts = Object.entries(s.browserMs).map(([m, v]) => `${m}×${v.count} ${v.ms.toFixed(0)}`).join(', ');
      log(`  profile/${engine}: ${s.what}: ${s.totalMs.toFixed(0)} ms = outside ${s.outsideMs.toFixed(0)} + browser [${parts}]`);
    }
  } catch (e) {
    out.error = (e as Error).message;
    log(`  profile/${engine} failed: ${out.error}`);
  } finally {
    await p.close();
    await proxy.close();
    await raw.proc.kill();
  }
  return out;
}
