/**
 * `pnpm capacity [--engines firefox,chrome,safari] [--mcp] [--levels 1,2,4,8,...] [--rounds 3] [--all-levels] [--write]`
 * (not in CI): how many concurrent sessions each engine holds with every agent step answered within
 * 2 s at p95. For each level, that many agents start together on one server (sessions opened first,
 * outside the timing), each runs `rounds` rounds of open / snapshot / click / type on the conformance
 * fixture site, and the level reports p50 / p95 step latency, failures, and peak memory (server RSS,
 * server + browser PSS). The ramp stops at the second level in a row whose p95 passes 2 s. The load average is
 * read beside every level: on a shared machine the figures are the machine's, not only ours.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startFixtureServer } from '@browser-provider/conformance';
import { sample } from '@browser-provider/cli/soak-sample';
import { installed } from '../options';
import { percentile } from '../stats';
import { ENGINES, type Engine } from '../types';
import { mcpSurface, protocolSurface, STEPS, type Step, type Surface } from './agents';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const engines = (arg('engines')?.split(',') ?? [...ENGINES]).filter((e): e is Engine => (ENGINES as readonly string[]).includes(e) && installed(e as Engine));
const mcp = process.argv.includes('--mcp');
const levels = (arg('levels') ?? '1,2,4,8,12,16,24,32,48').split(',').map(Number);
const rounds = Number(arg('rounds') ?? '3');
const write = process.argv.includes('--write');
// --all-levels runs every level asked for, past 2 s too: on a loaded machine the break comes early, and the slope after it is still a figure.
const allLevels = process.argv.includes('--all-levels');
const P95_LIMIT_MS = 2_000;

interface Level {
  sessions: number;
  steps: number;
  failed: number;
  p50: number;
  p95: number;
  byStep: Record<Step, { p50: number; p95: number }>;
  serverRssMb: number;
  totalPssMb: number;
  load: string;
  firstError?: string;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function runLevel(surface: Surface, n: number): Promise<Level> {
  const load = loadAverage();
  let peakRss = 0;
  let peakPss = 0;
  const sampler = setInterval(() => {
    const s = sample(surface.pid, 0);
    peakRss = Math.max(peakRss, s.serverRssMb);
    peakPss = Math.max(peakPss, s.totalPssMb);
  }, 1_000);
  const times: Array<[Step, number]> = [];
  const errors: string[] = [];
  try {
    const agents = await Promise.all(Array.from({ length: n }, (_, i) => surface.agent(`cap-${n}-${i}`)));
    await Promise.all(
      agents.map(async (a) => {
        for (let r = 0; r < rounds; r++) {
          try {
            await a.round((kind, ms) => times.push([kind, ms]));
          } catch (e) {
            errors.push(e instanceof Error ? e.message : String(e));
          }
        }
      }),
    );
    await Promise.all(agents.map((a) => a.close()));
  } finally {
    clearInterval(sampler);
  }
  const all = times.map(([, ms]) => ms);
  const byStep = Object.fromEntries(STEPS.map((k) => {
    const xs = times.filter(([kind]) => kind === k).map(([, ms]) => ms);
    return [k, { p50: percentile(xs, 50), p95: percentile(xs, 95) }];
  })) as Level['byStep'];
  return { sessions: n, steps: all.length, failed: errors.length, p50: percentile(all, 50), p95: percentile(all, 95), byStep, serverRssMb: peakRss, totalPssMb: peakPss, load: `${load} → ${loadAverage()}`, ...(errors[0] !== undefined ? { firstError: errors[0].slice(0, 200) } : {}) };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const site = await startFixtureServer();
const sections: string[] = [];
for (const engine of engines) {
  const surface = mcp ? await mcpSurface(engine, site.origin) : protocolSurface(engine, site.origin);
  // A first session launches the browser; its launch is not a step of any level.
  await (await surface.agent('warm-up')).close();
  const rows: Level[] = [];
  try {
    for (const n of levels) {
      const level = await runLevel(surface, n);
      rows.push(level);
      process.stderr.write(`${engine} ${surface.label}: ${n} sessions: p50 ${ms(level.p50)} ms, p95 ${ms(level.p95)} ms, failed ${level.failed}, server RSS ${ms(level.serverRssMb)} MB, PSS ${ms(level.totalPssMb)} MB, load ${level.load}\n`);
      // One level past the first miss shows the curve's slope there, and that the miss was not one slow moment.
      const missed = (l: Level) => l.p95 > P95_LIMIT_MS || l.failed > l.steps / 10;
      if (level.failed > level.steps / 10 || (!allLevels && missed(level) && rows.length >= 2 && missed(rows[rows.length - 2] as Level))) break;
    }
  } finally {
    await surface.end();
  }
  // The last level before the first miss: what the engine holds.
  const firstMiss = rows.findIndex((r) => r.p95 > P95_LIMIT_MS || r.failed > 0);
  const holds = firstMiss < 0 ? rows.at(-1)?.sessions : firstMiss > 0 ? rows[firstMiss - 1]?.sessions : undefined;
  const verdict =
    firstMiss < 0
      ? `${holds} sessions or more within p95 ≤ 2 s (the ramp ended there without passing it)`
      : holds === undefined
        ? `p95 past 2 s already at ${rows[0]?.sessions} session${rows[0]?.sessions === 1 ? '' : 's'}, the first level tried`
        : `${holds} session${holds === 1 ? '' : 's'} within p95 ≤ 2 s; p95 passed it at ${rows[firstMiss]?.sessions}`;
  sections.push(
    [
      `#### ${engine}, ${surface.label}: ${verdict}`,
      '',
      '| sessions | steps | failed | p50 ms | p95 ms | p50 / p95 by step (ms) | peak server RSS MB | peak server + browser PSS MB | load average (1, 5, 15 min: start → end) |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.sessions} | ${r.steps} | ${r.failed} | ${ms(r.p50)} | ${ms(r.p95)} | ${STEPS.map((k) => `${k} ${ms(r.byStep[k].p50)}/${ms(r.byStep[k].p95)}`).join(', ')} | ${ms(r.serverRssMb)} | ${ms(r.totalPssMb)} | ${r.load} |`),
      ...rows.filter((r) => r.firstError !== undefined).map((r) => `\nAt ${r.sessions} sessions, first failure: ${r.firstError}`),
    ].join('\n'),
  );
}
await site.close();
const report = [
  `Run: \`pnpm capacity${mcp ? ' --mcp' : ''} --levels ${levels.join(',')} --rounds ${rounds}${allLevels ? ' --all-levels' : ''}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${rounds} rounds of open / snapshot / click / open / snapshot / type per session.`,
  '',
  ...sections.flatMap((s) => [s, '']),
].join('\n');
console.log(report);
if (write) {
  // The same tables in both documents: the benchmarks' and the reliability notes' (issue 25 asks for both).
  const key = `capacity${mcp ? '-mcp' : ''}`;
  for (const name of ['benchmarks.md', 'reliability.md']) {
    const doc = fileURLToPath(new URL(`../../../docs/${name}`, import.meta.url));
    const text = readFileSync(doc, 'utf8');
    const begin = `<!-- ${key}:begin (written by pnpm capacity) -->`;
    const end = `<!-- ${key}:end -->`;
    const i = text.indexOf(begin);
    const j = text.indexOf(end);
    if (i < 0 || j < i) throw new Error(`docs/${name} has no ${key} markers`);
    writeFileSync(doc, `${text.slice(0, i + begin.length)}\n${report}\n${text.slice(j)}`);
    console.log(`wrote docs/${name}`);
  }
}
