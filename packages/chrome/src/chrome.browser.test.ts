import { afterAll, expect, it } from 'vitest';
import { describeBidiBackend, describeEngine, testPageScript } from '@browser-provider/testing';
import { createChromeBackend } from './index';
import { cdpSend, performanceMetrics } from './cdp';

describeEngine('chrome')('chrome', () => describeBidiBackend('Chrome', () => createChromeBackend({ pageScript: testPageScript })));

describeEngine('chrome')('Chrome custom methods', () => {
  const backend = createChromeBackend({ pageScript: testPageScript });
  afterAll(() => backend.shutdown());

  it('reports status with both versions', async () => {
    const st = await backend.status();
    expect(st).toMatchObject({ availability: 'ready', browser_detected: true, setup_state: 'complete' });
    expect(st.diagnostics.map((d) => d.code)).toEqual(['browser_found', 'driver_found']);
  });

  it('sends CDP commands to the page and reads performance metrics', async () => {
    const session = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: AbortSignal.timeout(60_000) });
    const page = await session.newPage(AbortSignal.timeout(30_000));
    await page.navigate('data:text/html,<p>one</p><p>two</p>', 'load', AbortSignal.timeout(30_000));
    const ctx = { signal: AbortSignal.timeout(30_000), session, page };
    const r = await cdpSend.handle(cdpSend.params.parse({ session_id: 's', method: 'Runtime.evaluate', params: { expression: 'document.querySelectorAll("p").length', returnByValue: true } }), ctx);
    expect((r.result as { result: { value: number } }).result.value).toBe(2);
    const v = await cdpSend.handle(cdpSend.params.parse({ session_id: 's', method: 'Browser.getVersion', target: 'browser' }), ctx);
    expect((v.result as { product: string }).product).toMatch(/Chrome\/\d+/);
    const m = await performanceMetrics.handle({ session_id: 's' }, ctx);
    expect(m.metrics['Nodes']).toBeGreaterThan(3);
    expect(m.metrics).toHaveProperty('JSHeapUsedSize');
  });

  // CHROME_ARGS turns the address bar's WebUI popups off (why: launch.ts); the switch must survive
  // chromedriver's own --disable-features, so the browser shows no chrome://omnibox-popup target.
  it('starts each session without the address bar\'s WebUI popups', async () => {
    const session = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: AbortSignal.timeout(60_000) });
    const page = await session.newPage(AbortSignal.timeout(30_000));
    await page.navigate('data:text/html,<p>one</p>', 'load', AbortSignal.timeout(30_000));
    const ctx = { signal: AbortSignal.timeout(30_000), session, page };
    const all = await cdpSend.handle(cdpSend.params.parse({ session_id: 's', method: 'Target.getTargets', target: 'browser' }), ctx);
    const targets = (all.result as { targetInfos: { type: string; url: string }[] }).targetInfos;
    expect(targets.some((t) => t.type === 'page')).toBe(true);
    expect(targets.filter((t) => t.url.startsWith('chrome://omnibox-popup'))).toEqual([]);
  });
});
