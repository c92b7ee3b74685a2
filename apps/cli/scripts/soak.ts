/**
 * `pnpm soak --minutes 10 [--browser firefox] [--no-write]`: a bounded soak of the real `serve` over
 * stdio (not in CI). Five sessions make random valid and invalid calls on the conformance fixture
 * site; every 10 s the server's and its browser's RSS, open descriptors and process count are
 * sampled. Writes the figures (growth per hour by least squares, extrapolated to a day) between the
 * soak markers of docs/reliability.md, and exits 1 if any call went unanswered.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ProviderClient, startFixtureServer, FIXTURE } from '@browser-provider/conformance';
import { ERROR_CODES } from '@browser-provider/protocol';
import { perHour, sample, type Sample } from './soak-sample';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const minutes = Number(arg('minutes', '10'));
const browser = arg('browser', 'firefox');
const write = !process.argv.includes('--no-write');
const SESSIONS = 5;
const SAMPLE_MS = 10_000;
const CALL_TIMEOUT_MS = 15_000;

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const DOC = fileURLToPath(new URL('../../../docs/reliability.md', import.meta.url));
const site = await startFixtureServer();
const client = new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser], defaultTimeoutMs: CALL_TIMEOUT_MS + 30_000 });
const { home, form, delayed } = FIXTURE;

type Call = [method: string, params: (sid: string) => Record<string, unknown>];
const url = (path: string) => `${site.origin}${path}`;
const VALID: Call[] = [
  ['page.open', (sid) => ({ session_id: sid, url: url(home.path) })],
  ['page.open', (sid) => ({ session_id: sid, url: url(form.path) })],
  ['page.open', (sid) => ({ session_id: sid, url: url(delayed.path) })],
  ['page.snapshot', (sid) => ({ session_id: sid })],
  ['page.snapshot', (sid) => ({ session_id: sid, mode: 'interactive' })],
  ['page.click', (sid) => ({ session_id: sid, selector: '#press' })],
  ['page.type', (sid) => ({ session_id: sid, selector: '#name', text: 'soak' })],
  ['page.wait', (sid) => ({ session_id: sid, text_present: delayed.after, timeout_ms: 3_000 })],
  ['page.screenshot', (sid) => ({ session_id: sid })],
  ['tab.list', (sid) => ({ session_id: sid })],
  ['provider.status', () => ({})],
];
const INVALID: Call[] = [
  ['page.teleport', (sid) => ({ session_id: sid })],
  ['page.click', (sid) => ({ session_id: sid, selector: 'button[[' })],
  ['page.open', (sid) => ({ session_id: sid, url: 42 })],
  ['page.snapshot', (sid) => ({ session_id: sid, page_id: 'page_nope' })],
  ['page.click', (sid) => ({ session_id: sid, element_ref: 'e_not_a_ref' })],
  ['page.snapshot', () => ({ session_id: 'sess_nope' })],
  ['page.type', (sid) => ({ session_id: sid, selector: '#nothing-here', text: 'x', timeout_ms: 1_000 })],
];

const counts = new Map<string, number>();
let answered = 0;
const lost: string[] = [];
const loseOne = (what: string) => {
  lost.push(what);
  process.stderr.write(`lost: ${what}\n`);
};
const bump = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;

async function one(method: string, params: Record<string, unknown>): Promise<void> {
  try {
    const env = await client.call(method, { ...params, timeout_ms: (params.timeout_ms as number | undefined) ?? CALL_TIMEOUT_MS });
    answered++;
    if (env.ok) bump('ok');
    else {
      if (!(ERROR_CODES as readonly string[]).includes(env.error.code)) loseOne(`${method}: off-protocol code ${env.error.code}`);
      bump(env.error.code);
    }
  } catch (e) {
    loseOne(`${method}: ${(e as Error).message.split('\n')[0]}`);
  }
}

const endAt = Date.now() + minutes * 60_000;
async function worker(n: number): Promise<void> {
  let sid = '';
  let calls = 0;
  while (Date.now() < endAt) {
    // Every 40 calls the session is closed and a new one made: sessions must not leak either.
    if (sid === '' || calls % 40 === 39) {
      if (sid) await one('session.close', { session_id: sid });
      sid = '';
      const env = await client.call('session.ensure', { client_session_id: `soak-${n}-${calls}`, timeout_ms: 60_000 }).catch((e: unknown) => {
        loseOne(`session.ensure: ${(e as Error).message.split('\n')[0]}`);
        return undefined;
      });
      calls++;
      if (env) answered++;
      if (!env?.ok) {
        if (env) bump(`session.ensure ${env.error.code}`);
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      bump('ok');
      sid = (env.result as { session_id: string }).session_id;
    }
    const [method, params] = Math.random() < 0.75 ? pick(VALID) : pick(INVALID);
    await one(method, params(sid));
    calls++;
  }
  if (sid) await one('session.close', { session_id: sid });
}

const startedAt = Date.now();
const samples: Sample[] = [];
const server = client.pid as number;
await client.call('provider.status', {});
const sampler = setInterval(() => {
  const s = sample(server, startedAt);
  samples.push(s);
  process.stderr.write(`t=${s.t}s server ${s.serverRssMb.toFixed(0)} MB, all ${s.totalRssMb.toFixed(0)} MB (PSS ${s.totalPssMb.toFixed(0)}), fds ${s.serverFds}/${s.totalFds}, processes ${s.processes}, answered ${answered}, lost ${lost.length}\n`);
}, SAMPLE_MS);
await Promise.all(Array.from({ length: SESSIONS }, (_, i) => worker(i)));
clearInterval(sampler);
await client.close();
await site.close();

// The first minute is warm-up (launch, JIT, caches); growth is judged after it.
const steady = samples.filter((s) => s.t >= 60);
const rows: Array<[string, (s: Sample) => number, string]> = [
  ['server RSS', (s) => s.serverRssMb, 'MB'],
  ['server + browser RSS (sum of VmRSS; shared pages counted per process)', (s) => s.totalRssMb, 'MB'],
  ['server + browser PSS (sum of Pss)', (s) => s.totalPssMb, 'MB'],
  ['server open fds', (s) => s.serverFds, ''],
  ['server + browser open fds', (s) => s.totalFds, ''],
  ['processes (server + browser)', (s) => s.processes, ''],
];
const fmt = (n: number) => (Math.abs(n) >= 10 ? n.toFixed(0) : n.toFixed(1));
const first = steady[0];
const last = steady[steady.length - 1];
const table = rows.map(([name, y, unit]) => {
  const slope = perHour(steady, y);
  const lo = Math.min(...steady.map(y));
  const hi = Math.max(...steady.map(y));
  return `| ${name} | ${first ? fmt(y(first)) : '–'} | ${last ? fmt(y(last)) : '–'} | ${fmt(lo)}–${fmt(hi)} | ${fmt(slope)} ${unit}/h | ${fmt(slope * 24)} ${unit} |`;
});
const codes = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ');
const report = [
  `Run: \`pnpm soak --minutes ${minutes} --browser ${browser}\`, ${new Date().toISOString().slice(0, 10)}, ${SESSIONS} sessions, ${samples.length} samples every ${SAMPLE_MS / 1000} s (growth fitted by least squares over the samples after the first minute).`,
  '',
  `Calls answered: **${answered}**, lost: **${lost.length}**. Answers by outcome: ${codes}.`,
  '',
  '| measure | at 1 min | at end | range | growth per hour | extrapolated per day |',
  '|---|---|---|---|---|---|',
  ...table,
  ...(lost.length ? ['', 'Lost answers:', '', ...lost.slice(0, 20).map((l) => `- ${l}`)] : []),
].join('\n');
console.log(report);
if (write) {
  const doc = readFileSync(DOC, 'utf8');
  const begin = '<!-- soak:begin (written by pnpm soak) -->';
  const end = '<!-- soak:end -->';
  const i = doc.indexOf(begin);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) throw new Error(`${DOC} has no soak markers`);
  writeFileSync(DOC, `${doc.slice(0, i + begin.length)}\n${report}\n${doc.slice(j)}`);
  console.log('wrote docs/reliability.md');
}
process.exit(lost.length === 0 ? 0 : 1);
