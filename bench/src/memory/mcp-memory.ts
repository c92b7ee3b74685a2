/**
 * `pnpm bench:memory --mcp [--engines …] [--bin <browser-provider.js>] [--rounds N]`: issue 33's two
 * MCP figures on the 1,000-row catalog. The MCP server runs as users run it (`browser-provider mcp`,
 * the prebuilt bundle when fresh, Node with the bin's flags) with the SIGUSR2 preload; one MCP client
 * navigates to the page, then clicks row 10's button N times. Printed per engine: the server's RSS
 * (from /proc, and V8's heap before and after a full GC), and the size of a click's answer: the text a
 * model reads, the structuredContent, and the whole JSON-RPC result. `--bin` measures another checkout.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bundleState } from '@browser-provider/cli/bundle-state';
import { SERVER_NODE_FLAGS } from '@browser-provider/conformance';
import { startBenchServer } from '../fixtures';
import { rssMb } from '../procs';
import { ENGINES, type Engine } from '../types';
import type { Report } from './report';

const PRELOAD = fileURLToPath(new URL('./report-on-signal.mjs', import.meta.url));
const HERE_BIN = fileURLToPath(new URL('../../../apps/cli/bin/browser-provider.js', import.meta.url));


interface Figures {
  rss: number;
  before: Report;
  after: Report;
  text: number;
  structured: number;
  message: number;
  answer: string;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** Signals the server and waits for its two report lines (before and after a full GC). */
async function reportOf(pid: number, file: string): Promise<[Report, Report]> {
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    let lines: string[] = [];
    try {
      lines = readFileSync(file, 'utf8').trim().split('\n');
    } catch {
      // not written yet
    }
    if (lines.length >= 2) return [JSON.parse(lines.at(-2) as string) as Report, JSON.parse(lines.at(-1) as string) as Report];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the MCP server wrote no memory report');
}

async function measure(bin: string, engine: Engine, url: string, rounds: number): Promise<Figures> {
  const file = join(tmpdir(), `bp-mcp-memory-${process.pid}-${engine}.jsonl`);
  rmSync(file, { force: true });
  const transport = new StdioClientTransport({
    command: process.execPath,
    // The bin's own flags (its first line) plus the preload's; --expose-gc only for the report after a full GC.
    args: [...SERVER_NODE_FLAGS, '--expose-gc', '--import', PRELOAD, bin, 'mcp', '--browser', engine],
    env: { ...process.env, BP_MEMORY_REPORT: file } as Record<string, string>,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-memory', version: '0' });
  await client.connect(transport);
  try {
    const pid = transport.pid;
    if (pid === null) throw new Error('no MCP server process');
    const nav = await client.callTool({ name: 'browser_navigate', arguments: { url } }, undefined, { timeout: 180_000 });
    const text = (r: typeof nav) => (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n');
    const ref = /button "Add to cart" \[(e\d+)\]/.exec(text(nav).split('\n').filter((l) => l.includes('Add to cart'))[10] ?? '')?.[1];
    if (ref === undefined) throw new Error(`no Add to cart button in the navigate answer:\n${text(nav).slice(0, 2000)}`);
    let last = nav;
    for (let i = 0; i < rounds; i++) last = await client.callTool({ name: 'browser_click', arguments: { target: ref } }, undefined, { timeout: 60_000 });
    const rss = rssMb(pid) ?? Number.NaN;
    const [before, after] = await reportOf(pid, file);
    const answer = text(last);
    return {
      rss,
      before,
      after,
      answer,
      text: bytes(answer),
      structured: last.structuredContent === undefined ? 0 : bytes(JSON.stringify(last.structuredContent)),
      message: bytes(JSON.stringify(last)),
    };
  } finally {
    await client.close();
    rmSync(file, { force: true });
  }
}

export async function mcpMemory(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { engines: { type: 'string' }, bin: { type: 'string' }, rounds: { type: 'string' }, mcp: { type: 'boolean' }, answer: { type: 'boolean' } } });
  const engines = (values.engines?.split(',') ?? ['firefox', 'chrome', 'safari']).filter((e): e is Engine => (ENGINES as readonly string[]).includes(e));
  const rounds = Number(values.rounds ?? 5);
  const bin = values.bin ?? HERE_BIN;
  const site = await startBenchServer();
  try {
    // From sources through tsx the server holds ~40 MB more: a figure read that way must say so.
    const here = bundleState().fresh ? 'this checkout, the prebuilt bundle' : 'this checkout, TypeScript sources through tsx (no fresh bundle: run `pnpm build` first)';
    console.log(`MCP server: ${bin === HERE_BIN ? here : bin}; ${rounds} clicks on row 10's button; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}.\n`);
    console.log('| engine | server RSS MB | V8 heap used / total MB (after a full GC) | code space MB | malloc MB | node binary / other files / anonymous MB | click answer: text bytes | structuredContent bytes | whole result bytes |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const engine of engines) {
      const f = await measure(bin, engine, site.catalogUrl(1_000), rounds);
      const m = f.before.mappings;
      const anon = Math.round(((m.anonymous ?? 0) + (m.malloc_heap ?? 0)) * 10) / 10;
      console.log(
        `| ${engine} | ${f.rss.toFixed(1)} | ${f.before.heap_used} / ${f.before.heap_total} (${f.after.heap_used} / ${f.after.heap_total}) | ${f.before.spaces.code_space?.size ?? 0} | ${f.before.malloced} | ${m.node_binary} / ${m.other_files} / ${anon} | ${f.text} | ${f.structured} | ${f.message} |`,
      );
      if (values.answer) console.log(`\n\`\`\`\n${f.answer}\n\`\`\`\n`);
    }
  } finally {
    await site.close();
  }
}
