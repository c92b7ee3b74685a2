import { Dispatcher, Provider } from '@browser-provider/core';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS, createBackend, type BrowserName } from './browsers';
import { KEYS_PAGE, readKeyLog } from './testing/keys-page';
import { CallFailed, rerunIfBrowserEnded } from './testing/browser-crash';

/**
 * The same `page.press` keys give the same keydown events (key, code, modifiers) on every engine:
 * both backends build their key actions from core's one key table, and each engine turns the W3C
 * code points into DOM events by the same spec table.
 */

const site = servePage(KEYS_PAGE);

/** What `page.press` is given, and the keydowns the page must record for it, in order. */
const PRESSES: Array<[key: string, keydowns: string[]]> = [
  ['Enter', ['Enter/Enter']],
  ['Space', [' /Space']],
  ['Tab', ['Tab/Tab']],
  ['Escape', ['Escape/Escape']],
  ['ArrowLeft', ['ArrowLeft/ArrowLeft']],
  ['Backspace', ['Backspace/Backspace']],
  ['Delete', ['Delete/Delete']],
  ['Home', ['Home/Home']],
  ['End', ['End/End']],
  ['PageDown', ['PageDown/PageDown']],
  ['a', ['a/KeyA']],
  ['Shift+a', ['Shift/ShiftLeft/S', 'A/KeyA/S']],
  ['Control+a', ['Control/ControlLeft/C', 'a/KeyA/C']],
  ['Meta', ['Meta/MetaLeft/M']],
];

/** Where an engine really differs from the others, by press index: engine + version + why. */
const QUIRKS: Partial<Record<BrowserName, Record<number, string[]>>> = {
  // WebKitGTK 2.50 (WebKitWebDriver under Xvfb) dispatches U+E03D, WebDriver's Meta, as key "Alt",
  // code "AltLeft", with altKey and metaKey both set; no other code point names Meta, so it stays.
  safari: { 13: ['Alt/AltLeft/AM'] },
};

const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new CallFailed(env.error);
  return env.result as Record<string, any>;
};

for (const browser of BROWSERS) {
  const backend = await createBackend(browser);

  describeEngine(browser)(`page.press on ${browser}`, () => {
    it('records the same keydown key and code for every key as the other engines', async () => {
      const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
      let n = 0;
      const call = async (method: string, params: Record<string, unknown>) =>
        ok(await d.handle({ protocol_version: '0.1', id: `k${++n}`, method, params: { timeout_ms: 60_000, ...params } }));
      const pressAll = async () => {
        const { session_id } = await call('session.ensure', {});
        await call('page.open', { session_id, url: `${site.origin()}/` });
        const want: string[] = [];
        for (const [i, [key, keydowns]] of PRESSES.entries()) {
          // Each press aims at the input again: Tab (and Escape on some engines) move focus away.
          await call('page.press', { session_id, selector: '#k', key });
          want.push(...(QUIRKS[browser]?.[i] ?? keydowns));
        }
        const { text } = await call('page.snapshot', { session_id });
        return { seen: readKeyLog(text as string), want };
      };
      try {
        // A browser that crashed mid-run says nothing about keys (testing/browser-crash.ts).
        const run = await rerunIfBrowserEnded(browser, pressAll);
        expect(run.seen).toEqual(run.want);
      } finally {
        await backend.shutdown();
      }
    });
  });
}
