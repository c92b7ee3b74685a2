import { describe, expect, test } from 'vitest';
import { decodeFrameSnapshot } from '../decode';
import { jsdomPage } from '../testing/jsdom-page';
import { expectedCases, missingTexts, NAMES_ROLES_CASES, namesRolesFixture, readCases } from '../testing/names-roles-table';

describe('names and roles table (jsdom)', () => {
  // One query per case on top of a snapshot: jsdom takes seconds on a loaded machine, so no 5 s default.
  test('every case gets the expected role and name', { timeout: 60_000 }, async () => {
    const page = jsdomPage(namesRolesFixture());
    const snap = decodeFrameSnapshot(await page.call('snapshot', { maxNodes: 10_000, mode: 'full' }));
    const ids = new Map<string, number>();
    for (const c of NAMES_ROLES_CASES) {
      const q = await page.call('query', { selector: `[data-t="${c.key}"]`, limit: 5 });
      if (!q.ok) throw new Error(q.message);
      expect(q.matches, c.key).toHaveLength(1);
      ids.set(c.key, q.matches[0]!.id);
    }
    expect(readCases(snap.nodes, (k) => ids.get(k))).toEqual(expectedCases());
    expect(missingTexts(snap.nodes)).toEqual([]);
  });
});
