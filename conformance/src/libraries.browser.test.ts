import { expect, it } from 'vitest';
import { ICONS, LIBRARIES, LISTENER_ONLY, TOUCH_ONLY, type LibraryPage } from './fixtures/libraries';
import { describeEngine } from '@browser-provider/testing/engines';
import { BROWSERS, serveSession } from './testing/serve-session';
import { quoted, refOf } from './testing/snapshot-text';

/**
 * UIs built with front-end libraries (issue 21) on every engine, through `serve` as a client sees it:
 * each target is listed only because its handler was found where its library keeps it, and clicking
 * its ref reaches that handler. The listener-only page shows what a preload adds, and what WebKit,
 * without one, honestly misses.
 */
const line = (name: string) => new RegExp(`^\\s*clickable ${quoted(name)} \\[e\\d+\\]`, 'm');

for (const browser of BROWSERS) {
  describeEngine(browser)(`front-end library handlers on ${browser}`, () => {
    const { call, open } = serveSession(browser);

    /** Opens the page once its library has mounted, and the interactive snapshot's text. */
    const mounted = async (p: LibraryPage) => {
      await open(p.path);
      expect((await call('page.wait', { text_present: p.targets[0]!.name, timeout_ms: 10_000 })).satisfied).toBe(true);
      return String((await call('page.snapshot', { mode: 'interactive', collapse: false })).text);
    };
    /** Clicks each target by its ref; the log then holds every target's word, in order. */
    const clickAll = async (text: string, targets: LibraryPage['targets']) => {
      for (const x of targets) await call('page.click', { element_ref: refOf(text, `clickable ${quoted(x.name)}`) });
      const log = `log: ${targets.map((x) => x.log).join(' ')}`;
      expect((await call('page.wait', { text_present: log, timeout_ms: 10_000 })).satisfied, log).toBe(true);
    };

    for (const [library, p] of Object.entries(LIBRARIES)) {
      it(`${library}: every handler-only target has a ref, and its click reaches the handler`, async () => {
        const t = await mounted(p);
        const missed = p.targets.filter((x) => !line(x.name).test(t)).map((x) => x.name);
        expect(missed, t).toEqual([]);
        if (library === 'react') expect(t).toMatch(line(TOUCH_ONLY));
        if (library === 'alpine') expect(t).not.toContain('Alpine elsewhere');
        await clickAll(t, p.targets);
      });
    }

    it('listener-only targets (lit-html): found where a preload recorded them; WebKit has none and misses them', async () => {
      const t = await mounted(LISTENER_ONLY);
      const found = LISTENER_ONLY.targets.filter((x) => line(x.name).test(t)).map((x) => x.name);
      if (browser === 'safari') {
        expect(found, t).toEqual([]);
        return;
      }
      expect(found, t).toEqual(LISTENER_ONLY.targets.map((x) => x.name));
      await clickAll(t, LISTENER_ONLY.targets);
    });

    it('icon-only clickables get a hint from each source, marked as a hint, and act by their refs', async () => {
      await open(ICONS.path);
      const t = String((await call('page.snapshot', { mode: 'interactive', collapse: false })).text);
      for (const r of ICONS.rows) await call('page.click', { element_ref: refOf(t, `clickable hint:${quoted(r.hint)}`) });
      const log = `log: ${ICONS.rows.map((r) => r.log).join(' ')}`;
      expect((await call('page.wait', { text_present: log, timeout_ms: 10_000 })).satisfied, log).toBe(true);
      // A hint is never printed as a name.
      for (const r of ICONS.rows) expect(t).not.toContain(`clickable ${JSON.stringify(r.hint)}`);
    });
  });
}
