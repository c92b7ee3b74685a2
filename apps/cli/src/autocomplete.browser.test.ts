import { fileURLToPath } from 'node:url';
import { ProviderClient, startFixtureServer, WIDGETS, type FixtureServer } from '@browser-provider/conformance';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';
import { BROWSERS } from './browsers';

/**
 * Issue 15, item 2: a click by ref on a jQuery UI 1.14 autocomplete item must choose that item, or be
 * refused — never choose another. The menu scrolls (max-height), so most items are inside the viewport
 * but outside the menu's box. Repeated, alternating two lists in one page, as an agent would.
 */
const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const TRIES: Array<[term: string, item: string]> = [
  ['Sa', 'Samoa'], ['Ja', 'Japan'], ['Sa', 'Saudi Arabia'], ['Ja', 'Jamaica'],
  ['Sa', 'Samoa'], ['Ja', 'Japan'], ['Sa', 'San Marino'], ['Ja', 'Japan'],
];

const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
};

/** The ref of the item's line (`clickable "Samoa" [e9]`), or of the line holding its text. */
function refOf(text: string, item: string): string | undefined {
  const lines = text.split('\n');
  const own = lines.find((l) => l.includes(`"${item}"`) && /\[e\d+\]/.test(l));
  const holder = own ?? lines[lines.findIndex((l) => l.trim() === JSON.stringify(item)) - 1];
  return /\[(e\d+)\]/.exec(holder ?? '')?.[1];
}

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer();
});
afterAll(async () => {
  await site?.close();
});

for (const browser of BROWSERS) {
  describeEngine(browser)(`jQuery UI autocomplete on ${browser}`, () => {
    it('a click by ref chooses exactly the item it names, every time', async () => {
      const { autocomplete } = WIDGETS;
      const c = new ProviderClient({ command: [process.execPath, BIN, 'serve', '--browser', browser], defaultTimeoutMs: 60_000 });
      try {
        const sid = ok(await c.call('session.ensure', {})).session_id as string;
        ok(await c.call('page.open', { session_id: sid, url: `${site.origin}${autocomplete.path}` }));
        const chosen: string[] = [];
        for (const [term, item] of TRIES) {
          ok(await c.call('page.type', { session_id: sid, text_query: autocomplete.inputLabel, text: term, replace: true }));
          ok(await c.call('page.wait', { session_id: sid, text_present: item, timeout_ms: 10_000 }));
          const snap = ok(await c.call('page.snapshot', { session_id: sid, mode: 'full', collapse: false }));
          const ref = refOf(snap.text as string, item);
          expect(ref, `a ref for ${item}`).toBeDefined();
          ok(await c.call('page.click', { session_id: sid, element_ref: ref }));
          const after = ok(await c.call('page.snapshot', { session_id: sid, mode: 'full' }));
          chosen.push(/Chosen: ([^\n"]*)/.exec(after.text as string)?.[1] ?? '?');
        }
        expect(chosen).toEqual(TRIES.map(([, item]) => item));
      } finally {
        await c.close();
      }
    }, 240_000);
  });
}
