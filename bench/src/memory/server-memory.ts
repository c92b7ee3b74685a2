/**
 * `pnpm bench:memory [--engines firefox,chrome,safari]`: where the server's memory goes with one
 * session and the 1,000-row catalog open (issue 25's target: RSS ≤ 80 MB). Runs the server as users
 * do (the prebuilt bundle, when fresh), with a preload that reports on SIGUSR2: V8's heap by space,
 * external and array buffers, malloc, and resident mappings by kind. Reported at idle, after the
 * workload, and after a full GC (what is garbage vs. what the server keeps). Prints Markdown.
 * `--mcp`: the MCP server instead, with the size of a click's answer (mcp-memory.ts).
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from '../fixtures';
import { mcpMemory } from './mcp-memory';
import { bundleState } from '@browser-provider/cli/bundle-state';
import { rssMb } from '../procs';
import { StdioProvider } from '../stdio-client';
import { ENGINES, type Engine } from '../types';
import type { Report } from './report';


const PRELOAD = fileURLToPath(new URL('./report-on-signal.mjs', import.meta.url));
const arg = process.argv.indexOf('--engines');
const flagsAt = process.argv.indexOf('--node-flags');
/** Node flags to try on the server (e.g. `--node-flags=--max-semi-space-size=1`), beside the preload's. */
const nodeFlags = flagsAt >= 0 ? (process.argv[flagsAt + 1] ?? '').split(' ').filter(Boolean) : [];
const engines = (arg >= 0 ? (process.argv[arg + 1] ?? '').split(',') : ['firefox', 'chrome', 'safari']).filter((e): e is Engine => (ENGINES as readonly string[]).includes(e));

/** Signals the server and waits for its two lines: before and after a full GC. */
async function reportOf(p: StdioProvider, file: string, seen: number): Promise<[Report, Report]> {
  process.kill(p.pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const lines = (() => {
      try {
        return readFileSync(file, 'utf8').trim().split('\n');
      } catch {
        return [];
      }
    })();
    if (lines.length >= seen + 2) return [JSON.parse(lines[seen] as string) as Report, JSON.parse(lines[seen + 1] as string) as Report];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server wrote no memory report');
}

/** Wall time of each engine's five rounds of click, type, screenshot and full snapshot. */
const workMs = new Map<Engine, number>();

async function measure(engine: Engine, catalog: string): Promise<Array<[string, Report]>> {
  const file = join(tmpdir(), `bp-memory-${process.pid}-${engine}.jsonl`);
  rmSync(file, { force: true });
  process.env.BP_MEMORY_REPORT = file;
  // --expose-gc only so the preload can report after a full GC; the server never calls gc().
  const p = new StdioProvider(engine, [], [...nodeFlags, '--expose-gc', '--import', PRELOAD]);
  const out: Array<[string, Report]> = [];
  try {
    await p.call('provider.status', {});
    const [idle, idleGc] = await reportOf(p, file, 0);
    out.push(['idle (no session)', idle], ['idle, after a full GC', idleGc]);
    const sid = String((await p.call('session.ensure', {}, 120_000)).session_id);
    await p.call('page.open', { session_id: sid, url: catalog });
    const snap = await p.call('page.snapshot', { session_id: sid });
    await p.call('page.snapshot', { session_id: sid, mode: 'interactive' });
    const button = (snap.elements as Array<{ element_ref: string; role: string }>).find((e) => e.role === 'button')?.element_ref;
    // Timed so that a flag which saves memory shows what it costs in speed.
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) {
      await p.call('page.click', { session_id: sid, element_ref: button, snapshot: 'diff' });
      await p.call('page.type', { session_id: sid, selector: 'input[type=search]', text: `note ${i}`, replace: true });
      await p.call('page.screenshot', { session_id: sid });
      await p.call('page.snapshot', { session_id: sid });
    }
    workMs.set(engine, performance.now() - t0);
    const plain = rssMb(p.pid) ?? Number.NaN;
    const [busy, busyGc] = await reportOf(p, file, 2);
    out.push(['1 session, 1,000-row page open (RSS from /proc)', { rss: plain } as Report], ['the same, as the preload saw it', busy], ['the same, after a full GC', busyGc]);
  } finally {
    await p.close();
    rmSync(file, { force: true });
  }
  return out;
}

if (process.argv.includes('--mcp')) {
  // Issue 33's figures through the MCP server (mcp-memory.ts) instead of the protocol server.
  await mcpMemory(process.argv.slice(2));
  process.exit(0);
}

const site = await startBenchServer();
console.log(`Node flags: ${nodeFlags.join(' ') || 'none'}. Server: ${bundleState().fresh ? 'the prebuilt bundle (apps/cli/dist)' : 'TypeScript sources through tsx (no fresh bundle: run `pnpm build` first)'}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}.\n`);
for (const engine of engines) {
  const rows = await measure(engine, site.catalogUrl(1_000));
  console.log(`### ${engine}\n\nFive rounds of click (with diff), type, screenshot and full snapshot on the 1,000-row page took ${workMs.get(engine)?.toFixed(0)} ms.\n`);
  console.log('| when | RSS | V8 heap used / total | new space | old space | code space | large objects | external (array buffers) | malloc | node binary | other files | anonymous + malloc heap |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [when, r] of rows) {
    if (r.spaces === undefined) {
      console.log(`| ${when} | ${r.rss.toFixed(1)} |||||||||||`);
      continue;
    }
    const s = (name: string) => `${r.spaces[name]?.used ?? 0} / ${r.spaces[name]?.size ?? 0}`;
    const m = r.mappings;
    console.log(`| ${when} | ${r.rss} | ${r.heap_used} / ${r.heap_total} | ${s('new_space')} | ${s('old_space')} | ${s('code_space')} | ${s('large_object_space')} | ${r.external} (${r.array_buffers}) | ${r.malloced} | ${m.node_binary} | ${m.other_files} | ${Math.round(((m.anonymous ?? 0) + (m.malloc_heap ?? 0)) * 10) / 10} |`);
  }
  console.log('');
}
await site.close();
