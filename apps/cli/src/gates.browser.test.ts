import { fileURLToPath } from 'node:url';
import { ProviderClient } from '@browser-provider/conformance';
import type { ProviderDescription } from '@browser-provider/protocol';
import { expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { BROWSERS } from './browsers';

/**
 * describe is honest under each flag: the flag side of the security tier's s05 (the certification
 * runner starts `serve` without flags). describe needs no browser; it runs for each engine tested.
 */
const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const FLAGS = ['--allow-eval', '--allow-debug', '--allow-extensions'];

async function describeWith(browser: string, flags: string[]): Promise<ProviderDescription> {
  const client = new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser, ...flags], defaultTimeoutMs: 60_000 });
  try {
    const env = await client.call('provider.describe');
    if (!env.ok) throw new Error(JSON.stringify(env.error));
    return env.result as ProviderDescription;
  } finally {
    await client.close();
  }
}

for (const browser of BROWSERS) describeEngine(browser)(`${browser}: describe under each flag`, () => {
  it('without flags lists every gated method as disabled and advertises none of them', async () => {
    const caps = (await describeWith(browser, [])).capabilities;
    const gated = caps.gated_methods ?? [];
    expect(gated.length).toBeGreaterThan(0);
    for (const g of gated) {
      expect(g).toMatchObject({ gated: true, enabled: false });
      expect(FLAGS).toContain(g.gate_flag);
      expect(caps.optional_methods).not.toContain(g.name);
      if (g.feature) expect(caps.features).not.toContain(g.feature);
    }
    expect(caps.optional_methods).not.toContain('page.eval');
    expect(caps.features).not.toContain('js_eval');
  }, 60_000);

  it.each(FLAGS)('with %s, exactly the methods it gates turn enabled', async (flag) => {
    const off = (await describeWith(browser, [])).capabilities;
    const on = (await describeWith(browser, [flag])).capabilities;
    for (const g of on.gated_methods ?? []) {
      expect(g.enabled).toBe(g.gate_flag === flag);
      const custom = on.custom_methods.find((m) => m.name === g.name);
      if (custom) expect(custom).toMatchObject({ gated: true, enabled: g.gate_flag === flag, gate_flag: g.gate_flag });
      else expect(on.optional_methods.includes(g.name)).toBe(g.gate_flag === flag);
    }
    if (flag === '--allow-eval' && (off.gated_methods ?? []).some((g) => g.name === 'page.eval')) {
      expect(on.optional_methods).toContain('page.eval');
      expect(on.features).toContain('js_eval');
    }
  }, 60_000);
});
