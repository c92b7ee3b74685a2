import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startFixtureServer } from '@browser-provider/conformance';
import { machine, section, writeSection } from './docs';
import { Agent, TaskFailed, type Step } from './mcp-agent';
import { mcpTables, type TaskRun } from './mcp-report';
import { MCP_TASKS, type McpTask, type Sites } from './mcp-tasks';
import { taskSelection } from './options';
import { ensureCorpus } from './real-pages/corpus';
import { serveCorpus } from './real-pages/server';
import { BINARIES } from './procs';
import { toConsole } from './report';
import type { Engine } from './types';

/**
 * `pnpm bench --mcp`: the scripted tasks (mcp-tasks.ts) driven by one SDK client through our MCP
 * server on every installed engine and through Playwright MCP on Chromium, side by side in
 * alternation. Counts what a model reads: every tool answer's text, plus the browser_snapshot calls
 * the script needs to find its next target, the same rule for both.
 */

const BIN = fileURLToPath(new URL('../../apps/cli/bin/browser-provider.js', import.meta.url));
const PW_DIR = new URL('../node_modules/@playwright/mcp/', import.meta.url);
export const PW_VERSION = (JSON.parse(readFileSync(new URL('package.json', PW_DIR), 'utf8')) as { version: string }).version;

export interface Contender {
  name: string;
  engine: Engine;
  args: string[];
  cleanup?: () => void;
}

function playwright(): Contender {
  const out = mkdtempSync(join(tmpdir(), 'bench-pw-mcp-'));
  const exe = BINARIES.chromium() ?? '/usr/bin/chromium';
  return {
    name: `Playwright MCP ${PW_VERSION}`,
    engine: 'chrome',
    args: [fileURLToPath(new URL('cli.js', PW_DIR)), '--headless', '--isolated', '--browser', 'chromium', '--executable-path', exe, '--no-sandbox', '--caps', 'storage,network', '--output-dir', out],
    cleanup: () => rmSync(out, { recursive: true, force: true }),
  };
}

const ours = (engine: Engine): Contender => ({ name: 'ours', engine, args: [BIN, 'mcp', '--browser', engine, '--caps', 'storage,network'] });

async function connect(c: Contender): Promise<{ client: Client; version: string }> {
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: c.args, stderr: 'ignore' }));
  const v = client.getServerVersion();
  return { client, version: `${v?.name ?? '?'} ${v?.version ?? ''}`.trim() };
}

async function runTasks(client: Client, tasks: McpTask[], at: Sites, contender: Contender, run: number): Promise<TaskRun[]> {
  const out: TaskRun[] = [];
  for (const task of tasks) {
    const agent = new Agent(client);
    const t0 = performance.now();
    let ok = false;
    let error: string | undefined;
    try {
      ok = await task.run(agent, at);
      if (!ok) error = 'the page did not show the task done';
    } catch (e) {
      if (!(e instanceof TaskFailed) && !(e instanceof Error)) throw e;
      error = (e as Error).message;
    }
    const steps: Step[] = agent.steps;
    out.push({ task: task.name, contender: contender.name, engine: contender.engine, run, ok, error, ms: performance.now() - t0, steps });
  }
  return out;
}

export async function mcpBench(argv: string[], log: (s: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--mcp'),
    options: { engines: { type: 'string' }, tasks: { type: 'string' }, quick: { type: 'boolean', default: false }, runs: { type: 'string' }, write: { type: 'boolean' }, 'no-write': { type: 'boolean', default: false } },
    strict: true,
  });
  const { engines, runs, tasks, whole } = taskSelection(values, MCP_TASKS);
  const write = values['no-write'] ? false : (values.write ?? (!values.quick && whole));
  const site = await startFixtureServer();
  const corpus = await serveCorpus(ensureCorpus(log));
  const at: Sites = { shop: site.origin, corpus };
  const results: TaskRun[] = [];
  const versions: string[] = [];
  try {
    // Side by side on Chromium: both servers up, warmed (first launch untimed), runs in alternation.
    const pairs = engines.includes('chrome') ? [ours('chrome'), playwright()] : [];
    const live = await Promise.all(pairs.map(async (c) => ({ c, ...(await connect(c)) })));
    for (const l of live) {
      versions.push(`${l.c.name === 'ours' ? `ours (${l.version})` : l.c.name} on ${l.c.engine}`);
      await new Agent(l.client).call('browser_navigate', { url: `${site.origin}/tasks/account.html` });
    }
    for (let r = 0; r < runs; r++) {
      for (const l of r % 2 === 0 ? live : [...live].reverse()) {
        log(`mcp: ${l.c.name} on ${l.c.engine}, run ${r + 1}/${runs}`);
        results.push(...(await runTasks(l.client, tasks, at, l.c, r)));
      }
    }
    for (const l of live) {
      await l.client.close();
      l.c.cleanup?.();
    }
    // Ours on the other engines, one at a time.
    for (const engine of engines.filter((e) => e !== 'chrome')) {
      const c = ours(engine);
      const l = await connect(c);
      versions.push(`ours on ${engine}`);
      await new Agent(l.client).call('browser_navigate', { url: `${site.origin}/tasks/account.html` });
      for (let r = 0; r < runs; r++) {
        log(`mcp: ours on ${engine}, run ${r + 1}/${runs}`);
        results.push(...(await runTasks(l.client, tasks, at, c, r)));
      }
      await l.client.close();
    }
  } finally {
    await site.close();
    await corpus.close();
  }
  const { tables, notes } = mcpTables(results, PW_VERSION);
  for (const t of tables) console.log(toConsole(t));
  for (const f of results.filter((x) => !x.ok)) log(`failed: ${f.contender} on ${f.engine}, ${f.task}: ${f.error ?? ''}`);
  if (write) {
    writeSection(
      'mcp',
      section(
        'MCP: scripted tasks through our server and Playwright MCP',
        [
          `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}; ${runs} runs per task, medians. Servers: ${versions.join('; ')}.`,
          '',
          'One SDK client drives each server over stdio with the same script (bench/src/mcp-tasks.ts) on the fixture shop (conformance/src/fixtures/tasks.ts) and, for the news task, one saved page of the `--real-pages` corpus served on loopback (its headline links to the article\'s permalink; the corpus has article pages only, no front pages). The script takes each step only from what it has read on the current page: it looks up the next target\'s ref in the answers so far and calls `browser_snapshot` only when the ref is not there (Playwright MCP 0.0.83 answers a navigation or a click with a link to a snapshot file, so it needs that call where our answer already holds the page); it reads the table with `browser_find`. "chars" is the text content of every answer it read, the snapshots included; images and `structuredContent` are not counted.',
        ],
        tables,
        notes,
      ),
    );
    log('wrote the MCP section of docs/benchmarks.md');
  } else log('docs/benchmarks.md left alone (subset or quick run; pass --write to rewrite it)');
}
