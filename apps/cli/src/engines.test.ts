import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORE_SCENARIO_IDS } from '@browser-provider/conformance';
import { describe, expect, it } from 'vitest';
import { BROWSERS, parseBrowserSpec, type BrowserName } from './browsers';
import { expectedTier, rankEngines, type Tier } from './engines';

/** `--browser auto`'s choice of default engine, and the `--browser` forms serve and mcp take. */
describe('choosing the default engine', () => {
  const rows = (...tiers: [BrowserName, Tier][]) => tiers.map(([browser, tier]) => ({ browser, tier }));

  it.each([
    { installed: rows(['firefox', 'certified'], ['chrome', 'certified'], ['safari', 'certified']), first: 'firefox' },
    { installed: rows(['firefox', 'compatible'], ['chrome', 'certified'], ['safari', 'certified']), first: 'chrome' },
    { installed: rows(['firefox', 'experimental'], ['chrome', 'compatible'], ['safari', 'certified']), first: 'safari' },
    { installed: rows(['chrome', 'compatible'], ['safari', 'compatible']), first: 'chrome' },
  ])('picks $first from $installed.length installed engines', ({ installed, first }) => {
    const { order, reason } = rankEngines(installed, []);
    expect(order[0]?.browser).toBe(first);
    // The others keep the fixed order behind it.
    expect(order.slice(1).map((e) => e.browser)).toEqual(installed.map((e) => e.browser).filter((b) => b !== first));
    expect(reason).toMatch(new RegExp(`^auto: ${first} has the best certification`));
  });

  it('names what is not installed', () => {
    expect(rankEngines(rows(['chrome', 'certified']), ['firefox', 'safari']).reason).toMatch(/not installed: firefox, safari$/);
  });

  it.each([
    { failing: [], tier: 'certified' },
    { failing: ['09-page-screenshot'], tier: 'compatible' },
    { failing: ['03-session-ensure'], tier: 'experimental' },
    { failing: ['05-page-snapshot', '06-page-click', '07-page-type', '08-page-wait', '09-page-screenshot'], tier: 'experimental' },
  ])('holds an engine whose expectations fail $failing to $tier', async ({ failing, tier }) => {
    const dir = mkdtempSync(join(tmpdir(), 'bp-expectations-'));
    try {
      const scenarios = [...CORE_SCENARIO_IDS].sort().map((id) => (failing.includes(id) ? { id, expected: 'fail', reason: 'test' } : { id, expected: 'pass' }));
      writeFileSync(join(dir, 'chrome.json'), JSON.stringify({ browser: 'chrome', scenarios }));
      expect(await expectedTier('chrome', dir)).toBe(tier);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the shipped expectations of every engine', async () => {
    for (const b of BROWSERS) expect(['certified', 'compatible', 'experimental']).toContain(await expectedTier(b));
  });
});

describe('--browser', () => {
  it.each([
    { value: 'auto', spec: 'auto' },
    { value: 'AUTO', spec: 'auto' },
    { value: 'firefox', spec: ['firefox'] },
    { value: 'chromium,webkit', spec: ['chrome', 'safari'] },
    { value: 'firefox-esr, chrome ,safari', spec: ['firefox', 'chrome', 'safari'] },
  ])('takes $value', ({ value, spec }) => {
    expect(parseBrowserSpec(value)).toEqual(spec);
  });

  it.each(['opera', 'firefox,firefox-esr', 'firefox,', ''])('refuses %j', (value) => {
    expect(() => parseBrowserSpec(value)).toThrow();
  });
});
