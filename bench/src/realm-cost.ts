import { installSource, PAGE_SCRIPT_GLOBAL, pageScriptSource, type InstallOptions } from '@browser-provider/page-script';
import { startBenchServer } from './fixtures';
import { bidiSession, launchRawFirefox } from './launch';
import { median } from './stats';
import { ensureCorpus } from './real-pages/corpus';
import { serveCorpus } from './real-pages/server';

/**
 * `pnpm bench:realm [page|fresh]`: what Firefox's sandbox realm costs the full snapshot of the
 * 1,000-row page (issue 21, item 5). One Firefox holds three installs of the page script — in a BiDi
 * sandbox walking there (Xray wrappers: every DOM access crosses them); in the page's own realm, with
 * the checks' functions from that realm (`page`) or from a new frame (`fresh`, the classic WebDriver
 * way); and as the Firefox backend installs it (`ours`: a sandbox whose snapshot op hands the walk
 * to a walker in the page's realm, page-script's page-walker.ts) — and times the snapshot op in the
 * page, alternating, so a shared machine's noise hits all alike. Read the ratios of medians, not the
 * milliseconds. `--url U` measures page U instead of the 1,000-row page; `--real-pages [--limit N]` the
 * saved real pages of `pnpm bench --real-pages`, summing each page's median.
 */

const ROUNDS = 12;
const ARGS = JSON.stringify([{ maxNodes: 50_000, mode: 'full' }]);
const TIMED = `async function (argsJson) {
  const bp = globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}];
  const t = performance.now();
  await bp.call('snapshot', argsJson);
  return String(performance.now() - t);
}`;

const other = process.argv.includes('page') ? 'page' : 'fresh';
const urlAt = process.argv.indexOf('--url');
const WALKER = '__bp_bench_walker';
type Install = { sandbox?: string; options: InstallOptions };
const variants: Array<{ name: string; sandbox?: string; installs: Install[] }> = [
  { name: 'sandbox', sandbox: 'bench', installs: [{ sandbox: 'bench', options: { realm: 'own', sandbox: true } }] },
  { name: `page realm (${other})`, installs: [{ options: { realm: other === 'page' ? 'own' : 'fresh' } }] },
  {
    name: 'ours (page walker)',
    sandbox: 'ours',
    installs: [
      { options: { realm: 'own', sandbox: true, walker: { name: WALKER, side: 'page' } } },
      { sandbox: 'ours', options: { realm: 'own', sandbox: true, walker: { name: WALKER, side: 'sandbox' } } },
    ],
  },
];

const realPages = process.argv.includes('--real-pages');
const limitAt = process.argv.indexOf('--limit');
const server = await startBenchServer();
const corpus = realPages ? await serveCorpus(ensureCorpus((m) => console.error(m))) : undefined;
const raw = await launchRawFirefox();
try {
  const { socket, context } = await bidiSession(raw);
  const target = (sandbox?: string) => ({ context, ...(sandbox ? { sandbox } : {}) });
  /** Each variant's snapshot times on one page, alternating; round 0 warms up (JIT, style, ids). */
  const measure = async (url: string, rounds: number): Promise<number[][]> => {
    await socket.send('browsingContext.navigate', { context, url, wait: 'complete' });
    for (const v of variants) {
      for (const i of v.installs) {
        const r = await socket.send('script.evaluate', { expression: installSource(pageScriptSource(), i.options), awaitPromise: false, target: target(i.sandbox) });
        if (r.type !== 'success') throw new Error(`${v.name}: ${JSON.stringify(r.exceptionDetails)}`);
      }
    }
    const times = variants.map((): number[] => []);
    for (let round = 0; round <= rounds; round++) {
      for (const [i, v] of variants.entries()) {
        const r = await socket.send('script.callFunction', { functionDeclaration: TIMED, arguments: [{ type: 'string', value: ARGS }], awaitPromise: true, target: target(v.sandbox) });
        if (r.type !== 'success') throw new Error(`${v.name}: ${JSON.stringify(r.exceptionDetails)}`);
        if (round > 0) times[i]!.push(Number(r.result.value));
      }
    }
    return times;
  };
  // Per variant: the 1,000-row page's times, or the sum over the corpus of each page's median.
  let totals: number[][];
  if (corpus) {
    const all = ensureCorpus(() => undefined).pages;
    const pages = limitAt > 0 ? all.slice(0, Number(process.argv[limitAt + 1])) : all;
    totals = variants.map(() => [0]);
    for (const [n, p] of pages.entries()) {
      const t = await measure(corpus.url(p.name), 3);
      for (const [i] of variants.entries()) totals[i]![0]! += median(t[i]!);
      if (n % 10 === 9) console.error(`  ${n + 1}/${pages.length}`);
    }
    console.log(`${pages.length} real pages, sum of per-page medians (3 rounds each):`);
  } else totals = await measure(urlAt > 0 && process.argv[urlAt + 1] ? process.argv[urlAt + 1]! : server.catalogUrl(1000), ROUNDS);
  const sandbox = median(totals[0]!);
  const page = median(totals[1]!);
  for (const [i, v] of variants.entries()) {
    const t = totals[i]!;
    console.log(`${v.name.padEnd(20)} median ${median(t).toFixed(0)} ms, min ${Math.min(...t).toFixed(0)} ms, ${(median(t) / sandbox).toFixed(2)}× the sandbox, ${(median(t) / page).toFixed(2)}× the page realm`);
  }
} finally {
  await raw.proc.kill();
  await corpus?.close();
  await server.close();
}
