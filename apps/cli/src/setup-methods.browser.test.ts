import { existsSync } from 'node:fs';
import { Dispatcher, Provider } from '@browser-provider/core';
import type { ResponseEnvelope, ResultOf } from '@browser-provider/protocol';
import { expect, it } from 'vitest';
import { descendantsOf } from '@browser-provider/core/host';
import { commandName, describeEngine } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';

/**
 * The draft's `provider.setup_guide` and `provider.verify` on each engine: listed by describe, a guide
 * computed from this host (every step done here, the Debian packages named, the binaries' real paths),
 * and a verify that really opens a page and snapshots it, whose deadline cuts a cold launch short and
 * leaves no browser process behind.
 */

const PACKAGES: Record<(typeof BROWSERS)[number], RegExp> = {
  firefox: /apt-get install .*firefox-esr/,
  chrome: /apt-get install .*chromium .*chromium-driver/,
  safari: /apt-get install .*webkit2gtk-driver .*xvfb/,
};
const browserProcesses = () => descendantsOf(process.pid).filter((p) => /firefox|chrom|webkit|minibrowser|xvfb/i.test(commandName(p)));

for (const browser of BROWSERS) {
  const backend = await createBackend(browser);

  describeEngine(browser)(`provider.setup_guide and provider.verify on ${browser}`, () => {
    it('describes both, guides from this host, verifies for real, and a cut-short verify leaks nothing', async () => {
      const provider = new Provider({ backend, log: () => undefined });
      const d = new Dispatcher(provider);
      let n = 0;
      const call = (method: string, params: Record<string, unknown> = {}): Promise<ResponseEnvelope> => d.handle({ protocol_version: '0.1', id: `s${++n}`, method, params });
      const ok = async <M extends 'provider.describe' | 'provider.setup_guide' | 'provider.verify'>(method: M, params: Record<string, unknown> = {}) => {
        const env = await call(method, params);
        if (!env.ok) throw new Error(`${method}: expected success, got ${JSON.stringify(env.error)}`);
        return env.result as ResultOf<M>;
      };
      try {
        const described = await ok('provider.describe');
        expect(described.capabilities.optional_methods).toEqual(expect.arrayContaining(['provider.setup_guide', 'provider.verify']));

        const { guides } = await ok('provider.setup_guide');
        expect(guides.map((g) => g.browser_family)).toEqual([browser]);
        const guide = guides[0]!;
        expect(guide.platform).toBe(process.platform);
        expect(guide.setup_state).toBe('complete');
        expect(guide.steps.filter((s) => !s.done)).toEqual([]);
        expect(guide.steps.flatMap((s) => s.commands ?? []).join('\n')).toMatch(PACKAGES[browser]);
        const paths = guide.steps.flatMap((s) => s.paths ?? []);
        expect(paths.length).toBeGreaterThan(0);
        for (const p of paths) expect(existsSync(p), p).toBe(true);

        // Cold and with no time: the launch is cut short, answered as a diagnostic, and cleaned up.
        expect(browserProcesses()).toEqual([]);
        const cut = await ok('provider.verify', { timeout_ms: 1 });
        expect(cut.ok).toBe(false);
        expect(cut.diagnostics).toContainEqual(expect.objectContaining({ level: 'error', code: 'verify_timeout', manual_steps: expect.arrayContaining([expect.any(String)]) }));
        await expect.poll(() => provider.sessions.size, { timeout: 60_000 }).toBe(0);

        const v = await ok('provider.verify', { timeout_ms: 120_000 });
        expect(v.diagnostics.filter((x) => x.level === "error").map((x) => `${x.code}: ${x.message}`)).toEqual([]);
        expect(v.ok).toBe(true);
        expect(v.verified).toHaveLength(1);
        expect(v.verified[0]!.steps).toEqual(['session', 'open', 'snapshot', 'close'].map((step) => ({ step, ok: true, duration_ms: expect.any(Number) })));
        expect(v.diagnostics).toContainEqual(expect.objectContaining({ level: 'info', code: 'verified' }));
        expect(provider.sessions.size).toBe(0);
      } finally {
        await provider.shutdown();
      }
      await expect.poll(browserProcesses, { timeout: 30_000 }).toEqual([]);
    });
  });
}
