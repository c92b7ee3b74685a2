import type { BenchServer } from './fixtures';
import { rssMb } from './procs';
import { percentile } from './stats';
import { StdioProvider } from './stdio-client';
import type { Engine, LoadResult } from './types';

/**
 * Many agents on one server: `sessions` sessions at once on one provider process, each running
 * `steps` steps (open, snapshot, click, type, wait, repeated) on its own page. Every answer is
 * counted, and every snapshot is checked for isolation: the page must show the session's own token,
 * and the cookies the page found on arrival may only be the session's own.
 */

const TOKEN_RE = /token=([\w-]+)/g;
const COOKIE_RE = /bench_owner=([\w-]+)/g;
const CYCLE = ['open', 'snapshot', 'click', 'type', 'wait'] as const;

interface SessionTally {
  latencies: number[];
  byKind: Record<string, number[]>;
  answered: number;
  failed: number;
  wrongToken: number;
  wrongCookie: number;
  cookieSeen: number;
  errors: string[];
  sample?: string;
  /** First step sent and last answer received; the browser's launch is outside this window. */
  start: number;
  end: number;
}

async function runSession(p: StdioProvider, server: BenchServer, index: number, steps: number): Promise<SessionTally> {
  const token = `s${index}-${Math.random().toString(36).slice(2, 8)}`;
  const tally: SessionTally = { latencies: [], byKind: {}, answered: 0, failed: 0, wrongToken: 0, wrongCookie: 0, cookieSeen: 0, errors: [], start: 0, end: 0 };
  const ensured = await p.send('session.ensure', { client_session_id: `load-${token}` }, 120_000);
  if (!ensured.ok) {
    tally.failed = steps;
    tally.errors.push(`session.ensure: ${ensured.error?.message}`);
    return tally;
  }
  const sid = String(ensured.result.session_id);
  let button: string | undefined;
  let textbox: string | undefined;
  tally.start = performance.now();
  for (let i = 0; i < steps; i++) {
    const kind = CYCLE[i % CYCLE.length] as (typeof CYCLE)[number];
    const params: Record<string, unknown> = { session_id: sid };
    let method: string;
    switch (kind) {
      case 'open':
        method = 'page.open';
        params['url'] = server.sessionUrl(token);
        break;
      case 'snapshot':
        method = 'page.snapshot';
        break;
      case 'click':
        method = 'page.click';
        if (button) params['element_ref'] = button;
        else params['selector'] = '#go';
        break;
      case 'type':
        method = 'page.type';
        if (textbox) params['element_ref'] = textbox;
        else params['selector'] = '#msg';
        params['text'] = `step ${i}`;
        params['replace'] = true;
        break;
      case 'wait':
        method = 'page.wait';
        params['text_present'] = 'Clicked';
        params['timeout_ms'] = 30_000;
        break;
    }
    const t = performance.now();
    let a;
    try {
      a = await p.send(method, params, 120_000);
    } catch (e) {
      tally.failed++;
      if (tally.errors.length < 3) tally.errors.push(`${method}: ${(e as Error).message}`);
      continue;
    }
    const took = performance.now() - t;
    tally.latencies.push(took);
    (tally.byKind[method] ??= []).push(took);
    tally.answered++;
    if (!a.ok) {
      tally.failed++;
      if (tally.errors.length < 3) tally.errors.push(`${method}: ${a.error?.code} ${a.error?.message}`);
      continue;
    }
    if (kind === 'snapshot') {
      const text = String(a.result.text);
      if (i < CYCLE.length) tally.sample ??= text;
      const tokens = [...text.matchAll(TOKEN_RE)].map((m) => m[1]);
      if (tokens.length === 0 || tokens.some((x) => x !== token)) tally.wrongToken++;
      const cookies = [...text.matchAll(COOKIE_RE)].map((m) => m[1]);
      if (cookies.some((c) => c !== token)) tally.wrongCookie++;
      // From the second open on, the page must find the session's own cookie: proves the check can see one.
      if (cookies.length > 0) tally.cookieSeen++;
      const els = a.result.elements as Array<{ element_ref: string; role: string; name: string }>;
      button = els.find((e) => e.role === 'button')?.element_ref;
      textbox = els.find((e) => e.role === 'textbox')?.element_ref;
    }
  }
  tally.end = performance.now();
  await p.send('session.close', { session_id: sid }, 60_000).catch(() => undefined);
  return tally;
}

export async function loadRun(engine: Engine, server: BenchServer, sessions: number, steps: number, log: (s: string) => void): Promise<LoadResult> {
  const p = new StdioProvider(engine);
  let tallies: SessionTally[] = [];
  let rss: number | undefined;
  try {
    const sampler = setInterval(() => (rss = Math.max(rss ?? 0, rssMb(p.pid) ?? 0)), 500);
    tallies = await Promise.all(Array.from({ length: sessions }, (_, i) => runSession(p, server, i, steps)));
    clearInterval(sampler);
  } finally {
    await p.close();
  }
  const ran = tallies.filter((t) => t.end > 0);
  const wallMs = ran.length ? Math.max(...ran.map((t) => t.end)) - Math.min(...ran.map((t) => t.start)) : Number.NaN;
  const latencies = tallies.flatMap((t) => t.latencies);
  const sum = (f: (t: SessionTally) => number) => tallies.reduce((n, t) => n + f(t), 0);
  const result: LoadResult = {
    engine,
    sessions,
    stepsPerSession: steps,
    expected: sessions * steps,
    answered: sum((t) => t.answered),
    failed: sum((t) => t.failed),
    wrongToken: sum((t) => t.wrongToken),
    wrongCookie: sum((t) => t.wrongCookie),
    cookieSeen: sum((t) => t.cookieSeen),
    wallMs,
    throughput: (sum((t) => t.answered) / wallMs) * 1000,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    ...(rss !== undefined ? { rssMb: rss } : {}),
    firstErrors: tallies.flatMap((t) => t.errors).slice(0, 5),
    byMethod: Object.fromEntries(
      [...new Set(tallies.flatMap((t) => Object.keys(t.byKind)))].map((m) => {
        const all = tallies.flatMap((t) => t.byKind[m] ?? []);
        return [m, { p50: percentile(all, 50), p95: percentile(all, 95) }];
      }),
    ),
  };
  if (process.env.BENCH_DEBUG) log(`  sample snapshot text:\n${tallies[0]?.sample ?? ''}`);
  log(
    `  load/${engine}: ${result.answered}/${result.expected} answered, ${result.failed} failed, ${result.wrongToken} wrong-token, ${result.wrongCookie} wrong-cookie; ` +
      `${result.throughput.toFixed(1)} steps/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms; ` +
      Object.entries(result.byMethod)
        .map(([m, v]) => `${m} ${v.p50.toFixed(0)}/${v.p95.toFixed(0)}`)
        .join(', '),
  );
  return result;
}
