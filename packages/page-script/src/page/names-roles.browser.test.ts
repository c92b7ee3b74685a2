import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { decodeFrameSnapshot } from '../decode';
import { launchChromium, scriptedPage } from '../testing/chromium';
import { expectedCases, missingTexts, NAMES_ROLES_CASES, namesRolesFixture, readCases } from '../testing/names-roles-table';
import { FAST_PATH_FIXTURE } from '../testing/fast-path-table';
import { bigPage } from '../testing/big-page';
import type { NameComparison } from '../testing/names-probe';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const probeSource = buildSync({
  entryPoints: [fileURLToPath(new URL('../testing/names-probe.ts', import.meta.url))],
  bundle: true, write: false, format: 'iife', target: 'es2020',
}).outputFiles[0]!.text;

describe('names and roles in Chromium', () => {
  test('the shared table', async () => {
    const p = await scriptedPage(browser, namesRolesFixture());
    const snap = decodeFrameSnapshot(await p.call('snapshot', { maxNodes: 10_000, mode: 'full' }));
    const ids = new Map<string, number>();
    for (const c of NAMES_ROLES_CASES) {
      const q = await p.call('query', { selector: `[data-t="${c.key}"]`, limit: 5 });
      if (!q.ok) throw new Error(q.message);
      expect(q.matches, c.key).toHaveLength(1);
      ids.set(c.key, q.matches[0]!.id);
    }
    expect(readCases(snap.nodes, (k) => ids.get(k))).toEqual(expectedCases());
    expect(missingTexts(snap.nodes)).toEqual([]);
    await p.page.close();
  });

  test('the fast paths agree with dom-accessibility-api wherever they answer', async () => {
    let answered = 0;
    let deferred = 0;
    const disagreements: { html: string; fast: string; library: string }[] = [];
    for (const html of [FAST_PATH_FIXTURE, namesRolesFixture(), bigPage(50)]) {
      const p = await scriptedPage(browser, html);
      await p.page.evaluate(probeSource);
      const rows = await p.page.evaluate(() => (globalThis as unknown as { __bpCompareNames(s: string): NameComparison[] }).__bpCompareNames('body *'));
      for (const r of rows) {
        if (r.fast === null) {
          deferred++;
          continue;
        }
        answered++;
        if (r.fast !== r.library) disagreements.push({ html: r.html, fast: r.fast, library: r.library });
      }
      await p.page.close();
    }
    expect(disagreements).toEqual([]);
    // The fast paths must actually carry the common cases, or the benchmark numbers mean nothing.
    expect(answered).toBeGreaterThan(300);
    expect(deferred).toBeGreaterThan(5);
  });
});
