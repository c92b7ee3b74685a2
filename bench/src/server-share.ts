/**
 * `pnpm bench:server [--compare <git-ref>] [--rows 1000] [--mode full|interactive] [--rounds 6]
 * [--snapshots 40]`: the server's own share of a snapshot, without a browser in the timing (issue 33).
 * A Chromium (through playwright-core) walks the catalog once with this tree's page script; its
 * answer is saved, and each side then does what `page.snapshot` does with it in the server (decode,
 * assemble, the text outline, the JSON line), `--snapshots` times per process under the server's
 * Node flags (`--optimize-for-size` unless BROWSER_PROVIDER_NODE_FLAGS says otherwise). With
 * `--compare`, the ref is checked out in a temporary worktree and its own code does the same; the
 * sides' processes alternate, `--rounds` each, and medians are printed with the ratio.
 * Reports per snapshot: wall and CPU time, GC time, scavenges and full GCs, and the heap each stage
 * allocates. This is the part of a snapshot the server's flags and allocation decide; the page walk
 * and the protocol are in `pnpm bench` and `pnpm bench --compare`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { OP_CALLER, pageScriptSource, parseOpReply } from '@browser-provider/page-script';
import { SERVER_NODE_FLAGS } from '@browser-provider/conformance';
import { checkoutRef, REPO_ROOT, type Checkout } from './compare/worktree';
import { startBenchServer } from './fixtures';
import { launchPlaywrightChromium } from './peers';
import { BINARIES } from './procs';
import { median } from './stats';

const USAGE = `pnpm bench:server [--compare <git-ref>] [--rows 1000] [--mode full|interactive] [--rounds 6] [--snapshots 40]`;
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { compare: { type: 'string' }, rows: { type: 'string', default: '1000' }, mode: { type: 'string', default: 'full' }, rounds: { type: 'string', default: '6' }, snapshots: { type: 'string', default: '40' }, help: { type: 'boolean', default: false } },
  strict: true,
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const rows = Number(values.rows);
const rounds = Number(values.rounds);
const snapshots = Number(values.snapshots);
const mode = values.mode === 'interactive' ? 'interactive' : 'full';
if (![rows, rounds, snapshots].every((v) => Number.isInteger(v) && v > 0)) throw new Error(`expected positive integers\n${USAGE}`);

const CHILD = fileURLToPath(new URL('./server-share-child.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bp-server-share-'));
let ref: Checkout | undefined;
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));

/** One page walk's answer, as the server receives it. */
async function capture(file: string): Promise<void> {
  const chromium = BINARIES.chromium();
  if (!chromium) throw new Error('Chromium not found: the answer is captured from a real page walk');
  const site = await startBenchServer();
  const browser = await launchPlaywrightChromium(chromium);
  try {
    const page = await browser.newPage();
    const url = site.catalogUrl(rows);
    await page.goto(url);
    await page.evaluate(pageScriptSource());
    const args = JSON.stringify([{ maxNodes: 100_000, mode }]);
    const reply = parseOpReply(await page.evaluate(`(${OP_CALLER})('snapshot', ${JSON.stringify(args)})`));
    if (reply === null || !reply.ok) throw new Error(`the page script did not answer the snapshot: ${JSON.stringify(reply).slice(0, 200)}`);
    writeFileSync(file, JSON.stringify({ url, wire: reply.value, fold: mode === 'full' ? 'alike' : 'table' }));
  } finally {
    await browser.close();
    await site.close();
  }
}

interface Timing {
  wall: number;
  cpu: number;
  gcMs: number;
  scavenges: number;
  majors: number;
  bytes: number;
}

/** The child bundled with a checkout's own snapshot code: what `node` runs for that side. */
async function bundle(root: string, name: string): Promise<string> {
  const src = (path: string) => JSON.stringify(join(root, path));
  const entry = join(dir, `${name}-entry.ts`);
  writeFileSync(
    entry,
    [
      `import { decodeFrameSnapshot } from ${src('packages/page-script/src/decode.ts')};`,
      `import { assemble } from ${src('packages/core/src/snapshot/assemble.ts')};`,
      `import { limitText, outlineText } from ${src('packages/core/src/snapshot/outline.ts')};`,
      `import { RefRegistry } from ${src('packages/core/src/state/refs.ts')};`,
      `import { jsonLine } from ${src('packages/core/src/transport/json-line.ts')};`,
      `import { run } from ${JSON.stringify(CHILD)};`,
      'await run({ decodeFrameSnapshot, assemble, outlineText, limitText, jsonLine, RefRegistry });',
    ].join('\n'),
  );
  const outfile = join(dir, `${name}.mjs`);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile, logLevel: 'error' });
  return outfile;
}

function child(file: string, answer: string, what: 'time' | 'alloc'): Record<string, unknown> {
  const flags = what === 'alloc' ? ['--expose-gc', '--max-semi-space-size=64'] : [...SERVER_NODE_FLAGS];
  const r = spawnSync(process.execPath, [...flags, file, answer, String(what === 'alloc' ? Math.min(snapshots, 20) : snapshots), what], { encoding: 'utf8', timeout: 10 * 60_000 });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`${file}: the ${what} run failed (${r.status ?? r.signal}): ${r.stderr.trim().split('\n').slice(-4).join(' | ')}`);
  return JSON.parse(line) as Record<string, unknown>;
}

const fmt = (v: number, digits = 1) => v.toFixed(digits);
try {
  const file = join(dir, 'answer.json');
  console.error(`capturing the ${rows}-row catalog's ${mode} answer in Chromium`);
  await capture(file);
  if (values.compare !== undefined) ref = await checkoutRef(values.compare, (s) => console.error(s));
  const sides = [{ label: 'here', file: await bundle(REPO_ROOT, 'here') }];
  if (ref) sides.push({ label: ref.label, file: await bundle(join(ref.bin, '../../../..'), 'ref') });
  const times = sides.map(() => [] as Timing[]);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < sides.length; k++) {
      const i = (r + k) % sides.length;
      times[i]?.push(child((sides[i] as (typeof sides)[number]).file, file, 'time') as unknown as Timing);
    }
  }
  const allocs = sides.map((s) => child(s.file, file, 'alloc')['alloc'] as Record<string, number>);
  const load = loadavg()
    .slice(0, 3)
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`\nServer work per ${mode} snapshot of the ${rows}-row catalog, Node flags \`${SERVER_NODE_FLAGS.join(' ') || '(defaults)'}\`; ${rounds} processes per side × ${snapshots} snapshots, medians of the processes; load ${load}.\n`);
  const stages = Object.keys(allocs[0] ?? {});
  console.log(`| side | wall ms | CPU ms | GC ms | scavenges | full GCs | allocated MB (${stages.join(' / ')}) | answer bytes |`);
  console.log('|---|---|---|---|---|---|---|---|');
  const med = (i: number, k: keyof Timing) => median((times[i] ?? []).map((t) => t[k]));
  sides.forEach((s, i) => {
    const a = allocs[i] ?? {};
    const total = Object.values(a).reduce((x, y) => x + y, 0);
    console.log(`| ${s.label} | ${fmt(med(i, 'wall'))} | ${fmt(med(i, 'cpu'))} | ${fmt(med(i, 'gcMs'))} | ${fmt(med(i, 'scavenges'))} | ${fmt(med(i, 'majors'), 2)} | ${fmt(total, 2)} (${stages.map((k) => fmt(a[k] ?? 0, 2)).join(' / ')}) | ${med(i, 'bytes')} |`);
  });
  if (sides.length === 2) {
    const ratio = (k: keyof Timing) => fmt(med(0, k) / med(1, k), 2);
    console.log(`| here ÷ ${sides[1]?.label} | ${ratio('wall')}× | ${ratio('cpu')}× | ${ratio('gcMs')}× | ${ratio('scavenges')}× | ${ratio('majors')}× | | |`);
  }
} finally {
  ref?.remove();
}
process.exit(0);
