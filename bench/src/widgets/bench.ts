import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startWidgetSuite, type SuiteSite } from '@browser-provider/conformance/widget-suite';
import { DOC_URL, machine, section } from '../docs';
import { PW_VERSION, type Contender } from '../mcp';
import { BINARIES } from '../procs';
import { taskSelection } from '../options';
import { toConsole } from '../report';
import type { Engine } from '../types';
import { widgetTables, type Run } from './report';
import { oursArgs, runWidgetTask } from './run';
import { WIDGET_TASKS, type WidgetTask } from './tasks';

/**
 * `pnpm bench --widgets`: issue 30's widget suite (bench/src/widgets/tasks.ts on the pages of
 * conformance/src/fixtures/widget-suite.ts), each task's policy through our MCP server on every
 * installed engine and through Playwright MCP on Chromium, in alternation on Chromium. Success is the
 * state the page reported from its library; calls, characters and time are what the policy read.
 */

const PW_CLI = fileURLToPath(new URL('../../node_modules/@playwright/mcp/cli.js', import.meta.url));

/** A server and the folder it starts in. */
type Server = Contender & { cwd?: string };

/**
 * Playwright MCP on Chromium, launched as `pnpm bench --mcp` launches it (bench/src/mcp.ts). It reads
 * files only under its output folder and its working folder: it starts in the upload task's folder.
 */
function playwright(site: SuiteSite): Server {
  const out = mkdtempSync(join(tmpdir(), 'bench-widgets-pw-'));
  const exe = BINARIES.chromium() ?? '/usr/bin/chromium';
  return {
    name: `Playwright MCP ${PW_VERSION}`,
    engine: 'chrome',
    args: [PW_CLI, '--headless', '--isolated', '--browser', 'chromium', '--executable-path', exe, '--no-sandbox', '--output-dir', out],
    cwd: dirname(site.upload),
    cleanup: () => rmSync(out, { recursive: true, force: true }),
  };
}

const ours = (engine: Engine, site: SuiteSite): Server => ({ name: 'ours', engine, args: oursArgs(engine, site) });

async function connect(c: Server): Promise<Client> {
  const client = new Client({ name: 'bench-widgets', version: '0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: c.args, stderr: 'ignore', ...(c.cwd === undefined ? {} : { cwd: c.cwd }) }));
  return client;
}

async function runAll(client: Client, tasks: WidgetTask[], site: SuiteSite, c: Contender, run: number, out: Run[]): Promise<void> {
  for (const task of tasks) out.push({ ...(await runWidgetTask(client, task, site)), contender: c.name === 'ours' ? 'ours' : 'playwright', engine: c.engine, run });
}

const START = '<!-- bench:widgets:start -->';
const END = '<!-- bench:widgets:end -->';

/** Rewrites only the widget section of docs/benchmarks.md (appended the first time). */
function writeWidgets(body: string): void {
  const doc = existsSync(DOC_URL) ? readFileSync(DOC_URL, 'utf8') : '# Benchmarks\n';
  const block = `${START}\n${body.trimEnd()}\n${END}`;
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  writeFileSync(DOC_URL, a >= 0 && b > a ? doc.slice(0, a) + block + doc.slice(b + END.length) : `${doc.trimEnd()}\n\n${block}\n`);
}

export async function widgetsBench(argv: string[], log: (s: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--widgets'),
    options: { engines: { type: 'string' }, tasks: { type: 'string' }, quick: { type: 'boolean', default: false }, runs: { type: 'string' }, write: { type: 'boolean' }, 'no-write': { type: 'boolean', default: false }, 'no-playwright': { type: 'boolean', default: false } },
    strict: true,
  });
  const { engines, runs, tasks, whole } = taskSelection(values, WIDGET_TASKS);
  const write = values['no-write'] ? false : (values.write ?? whole);
  const site = await startWidgetSuite();
  const results: Run[] = [];
  try {
    // Chromium: ours and Playwright MCP both up, runs in alternation.
    const pairs = engines.includes('chrome') ? [ours('chrome', site), ...(values['no-playwright'] ? [] : [playwright(site)])] : [];
    const live = await Promise.all(pairs.map(async (c) => ({ c, client: await connect(c) })));
    // Warm each server (its first launch is not timed).
    for (const l of live) await l.client.callTool({ name: 'browser_navigate', arguments: { url: `${site.origin}/suite/native.html` } }, undefined, { timeout: 120_000 });
    for (let r = 0; r < runs; r++) {
      for (const l of r % 2 === 0 ? live : [...live].reverse()) {
        log(`widgets: ${l.c.name} on ${l.c.engine}, run ${r + 1}/${runs}`);
        await runAll(l.client, tasks, site, l.c, r, results);
      }
    }
    for (const l of live) {
      await l.client.close();
      l.c.cleanup?.();
    }
    for (const engine of engines.filter((e) => e !== 'chrome')) {
      const c = ours(engine, site);
      const client = await connect(c);
      await client.callTool({ name: 'browser_navigate', arguments: { url: `${site.origin}/suite/native.html` } }, undefined, { timeout: 120_000 });
      for (let r = 0; r < runs; r++) {
        log(`widgets: ours on ${engine}, run ${r + 1}/${runs}`);
        await runAll(client, tasks, site, c, r, results);
      }
      await client.close();
    }
  } finally {
    await site.close();
  }
  const { tables, notes } = widgetTables(results, tasks);
  for (const t of tables) console.log(toConsole(t));
  for (const n of notes) log(n);
  if (write) {
    writeWidgets(
      section(
        'Widget suite',
        [
          `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}; ${runs} run(s) per task, medians; engines: ${engines.join(', ')}; Playwright MCP ${PW_VERSION} on Chromium.`,
          '',
          `\`pnpm bench --widgets\`: ${tasks.length} tasks (bench/src/widgets/tasks.ts) on pages built from this repository's pinned npm packages and served on loopback without a bundler (conformance/src/fixtures/widget-suite.ts). One scripted policy per task acts only on what the MCP answers said; the same policy drives our MCP server on every engine and Playwright MCP on Chromium. Success is the state the page reported from its library's API through a test-only channel, not the answers. "chars" is the text content of every answer the policy read. The upload task's file sits in a folder of its own, passed to our server as \`--upload-root\` and given to Playwright MCP as its working folder (both servers' allowed roots).`,
          '',
          "The per-tool table below reads a time miss call by call. The two servers' `browser_type` do different work: ours types key by key with trusted input (each character's keydown, keypress, input and keyup, which a page's key handlers hear) and answers with what changed; Playwright MCP's, without `slowly`, calls `locator.fill()` (the value set at once, no key events) and answers without a snapshot.",
        ],
        tables,
        notes,
      ),
    );
    log('wrote the widget section of docs/benchmarks.md');
  } else log('docs/benchmarks.md left alone (subset run; pass --write to rewrite it)');
}
