import { decodeFrameSnapshot } from '@browser-provider/page-script';
import { expectedCases, missingTexts, NAMES_ROLES_CASES, namesRolesFixture, readCases } from '@browser-provider/page-script/names-roles-table';
import { expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';

/**
 * The names-and-roles table on every installed engine, through each engine's own backend: the same
 * fixture, the same expected role and accessible name per case, so the engines agree with the table
 * and therefore with each other.
 */
for (const browser of BROWSERS) {
  const backend = await createBackend(browser);

  describeEngine(browser)(`names and roles on ${browser}`, () => {
    it('match the table for every case', async () => {
      const signal = AbortSignal.timeout(120_000);
      try {
        const session = await backend.createSession({ isolation: 'shared', attach: 'never', signal });
        const page = await session.newPage(signal);
        await page.navigate(`data:text/html;charset=utf-8,${encodeURIComponent(namesRolesFixture())}`, 'load', signal);
        const snap = decodeFrameSnapshot(await page.call(page.mainFrame, 'snapshot', [{ maxNodes: 10_000, mode: 'full', midScroll: true }], signal));
        const ids = new Map<string, number>();
        for (const c of NAMES_ROLES_CASES) {
          const q = await page.call(page.mainFrame, 'query', [{ selector: `[data-t="${c.key}"]`, limit: 5 }], signal);
          if (!q.ok) throw new Error(q.message);
          const [match] = q.matches;
          if (match !== undefined) ids.set(c.key, match.id);
        }
        expect(ids.size).toBe(NAMES_ROLES_CASES.length);
        expect(readCases(snap.nodes, (k) => ids.get(k))).toEqual(expectedCases());
        expect(missingTexts(snap.nodes)).toEqual([]);
      } finally {
        await backend.shutdown();
      }
    });
  });
}
