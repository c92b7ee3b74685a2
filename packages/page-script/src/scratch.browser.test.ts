import { test } from 'vitest';
import { buildSync } from 'esbuild';
import { launchChromium, scriptedPage } from './testing/chromium';
import { bigPage } from './testing/big-page';
test('profile', async () => {
  const browser = await launchChromium();
  try {
    const p = await scriptedPage(browser, bigPage(1000));
    // replace with unminified build for readable profile
    const src = buildSync({ entryPoints: ['packages/page-script/src/page/main.ts'], bundle: true, write: false, format: 'iife', target: 'es2020', minify: false }).outputFiles[0]!.text;
    await p.page.evaluate(() => { delete (globalThis as any).__browserProvider; });
    await p.page.evaluate(src);
    const cdp = await p.page.context().newCDPSession(p.page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const inPage = await p.page.evaluate(() => { const bp = (globalThis as any).__browserProvider; const r=[]; for (let i=0;i<5;i++){ const t=performance.now(); bp.ops.snapshot({maxNodes:50000, mode:'full'}); r.push(Math.round(performance.now()-t)); } return r; });
    const { profile } = await cdp.send('Profiler.stop');
    console.log('in-page', inPage);
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
    const counts = new Map<number, number>();
    for (const s of profile.samples!) counts.set(s, (counts.get(s) ?? 0) + 1);
    for (const [id, c] of counts) { const n: any = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + c); }
    const total = profile.samples!.length;
    console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${(100 * v / total).toFixed(1)}% ${k}`).join('\n'));
  } finally { await browser.close(); }
});
