import { installSource, PAGE_SCRIPT_GLOBAL, pageScriptSource, type InstallOptions } from '@browser-provider/page-script';
import { startBenchServer } from './fixtures';
import { bidiSession, launchRawFirefox } from './launch';
import { median } from './stats';

/**
 * `pnpm bench:realm [page|fresh]`: what Firefox's sandbox realm costs the full snapshot of the
 * 1,000-row page (issue 21, item 5). One Firefox holds two installs of the page script — in our BiDi
 * sandbox (Xray wrappers: every DOM access crosses them) and in the page's own realm, with the
 * checks' functions from that realm (`page`) or from a new frame (`fresh`, the classic WebDriver way:
 * what walking in the page realm with functions taken pristine elsewhere would cost) — and times the
 * snapshot op in the page, alternating, so a shared machine's noise hits both alike. Read the ratio
 * of medians, not the milliseconds.
 */

const ROUNDS = 12;
const ARGS = JSON.stringify([{ maxNodes: 50_000, mode: 'full' }]);
const TIMED = `async function (argsJson) {
  const bp = globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}];
  const t = performance.now();
  await bp.call('snapshot', argsJson);
  return String(performance.now() - t);
}`;

const other = process.argv[2] === 'page' ? 'page' : 'fresh';
const variants: Array<{ name: string; sandbox?: string; install: InstallOptions }> = [
  { name: 'sandbox', sandbox: 'bench', install: { realm: 'own' } },
  { name: `page realm (${other})`, install: { realm: other === 'page' ? 'own' : 'fresh' } },
];

const server = await startBenchServer();
const raw = await launchRawFirefox();
try {
  const { socket, context } = await bidiSession(raw);
  await socket.send('browsingContext.navigate', { context, url: server.catalogUrl(1000), wait: 'complete' });
  const target = (sandbox?: string) => ({ context, ...(sandbox ? { sandbox } : {}) });
  for (const v of variants) {
    const r = await socket.send('script.evaluate', { expression: installSource(pageScriptSource(), v.install), awaitPromise: false, target: target(v.sandbox) });
    if (r.type !== 'success') throw new Error(`${v.name}: ${JSON.stringify(r.exceptionDetails)}`);
  }
  const times = variants.map((): number[] => []);
  // Round 0 warms both up (JIT, first style and layout, id minting) and is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [i, v] of variants.entries()) {
      const r = await socket.send('script.callFunction', { functionDeclaration: TIMED, arguments: [{ type: 'string', value: ARGS }], awaitPromise: true, target: target(v.sandbox) });
      if (r.type !== 'success') throw new Error(`${v.name}: ${JSON.stringify(r.exceptionDetails)}`);
      if (round > 0) times[i]!.push(Number(r.result.value));
    }
  }
  const base = median(times[0]!);
  for (const [i, v] of variants.entries()) {
    const t = times[i]!;
    console.log(`${v.name.padEnd(20)} median ${median(t).toFixed(0)} ms, min ${Math.min(...t).toFixed(0)} ms, ${(median(t) / base).toFixed(2)}× the sandbox`);
  }
} finally {
  await raw.proc.kill();
  await server.close();
}
