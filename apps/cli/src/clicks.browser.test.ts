import { Dispatcher, Provider } from '@browser-provider/core';
import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS, createBackend, type BrowserName } from './browsers';
import { CLICKS_PAGE, CLICKS_TARGET_CENTRE } from './testing/clicks-page';
import { CallFailed, rerunIfBrowserEnded } from './testing/browser-crash';

/**
 * `page.click`'s button, click_count and modifiers give the same mouse events on every engine: both
 * backends build the gesture as one W3C action sequence (core's clickSources, keys from core's one
 * table), and the page's click guard lets every event of it through to the element it was aimed at.
 * The clicks run back to back on one page, so a click merged into the one before it (detail 2 after
 * a single click) shows too.
 */

const site = servePage(CLICKS_PAGE);

/** What `page.click` is given (besides the target), and the events the page must record for it. */
const CLICKS: Array<[name: string, params: Record<string, unknown>, events: string[]]> = [
  ['left', {}, ['mousedown/0/1', 'mouseup/0/1', 'click/0/1']],
  ['middle', { button: 'middle' }, ['mousedown/1/1', 'mouseup/1/1', 'auxclick/1/1']],
  ['right', { button: 'right' }, ['mousedown/2/1', 'contextmenu/2', 'mouseup/2/1', 'auxclick/2/1']],
  ['left after a right click', { button: 'left' }, ['mousedown/0/1', 'mouseup/0/1', 'click/0/1']],
  ['double', { click_count: 2 }, ['mousedown/0/1', 'mouseup/0/1', 'click/0/1', 'mousedown/0/2', 'mouseup/0/2', 'click/0/2', 'dblclick/0/2']],
  [
    'triple',
    { click_count: 3 },
    ['mousedown/0/1', 'mouseup/0/1', 'click/0/1', 'mousedown/0/2', 'mouseup/0/2', 'click/0/2', 'dblclick/0/2', 'mousedown/0/3', 'mouseup/0/3', 'click/0/3'],
  ],
  ['single right after a triple', { click_count: 1 }, ['mousedown/0/1', 'mouseup/0/1', 'click/0/1']],
  ['Alt', { modifiers: ['Alt'] }, ['mousedown/0/1/A', 'mouseup/0/1/A', 'click/0/1/A']],
  ['Control', { modifiers: ['Control'] }, ['mousedown/0/1/C', 'mouseup/0/1/C', 'click/0/1/C']],
  ['Meta', { modifiers: ['Meta'] }, ['mousedown/0/1/M', 'mouseup/0/1/M', 'click/0/1/M']],
  ['Shift', { modifiers: ['Shift'] }, ['mousedown/0/1/S', 'mouseup/0/1/S', 'click/0/1/S']],
  ['all four', { modifiers: ['Shift', 'Meta', 'Control', 'Alt'] }, ['mousedown/0/1/ACMS', 'mouseup/0/1/ACMS', 'click/0/1/ACMS']],
  ['none held after', {}, ['mousedown/0/1', 'mouseup/0/1', 'click/0/1']],
  ['right with Shift', { button: 'right', modifiers: ['Shift'] }, ['mousedown/2/1/S', 'contextmenu/2/S', 'mouseup/2/1/S', 'auxclick/2/1/S']],
  ['middle with Control', { button: 'middle', modifiers: ['Control'] }, ['mousedown/1/1/C', 'mouseup/1/1/C', 'auxclick/1/1/C']],
  [
    'double with Shift',
    { click_count: 2, modifiers: ['Shift'] },
    ['mousedown/0/1/S', 'mouseup/0/1/S', 'click/0/1/S', 'mousedown/0/2/S', 'mouseup/0/2/S', 'click/0/2/S', 'dblclick/0/2/S'],
  ],
  [
    'double with Alt at a position',
    { position: CLICKS_TARGET_CENTRE, click_count: 2, modifiers: ['Alt'] },
    ['mousedown/0/1/A', 'mouseup/0/1/A', 'click/0/1/A', 'mousedown/0/2/A', 'mouseup/0/2/A', 'click/0/2/A', 'dblclick/0/2/A'],
  ],
];

/** A click the engine refuses: the param named, nothing dispatched. */
interface Refused {
  refused: string;
}

/** Where an engine really differs from the others, by click name: engine + version + why. */
const QUIRKS: Partial<Record<BrowserName, Record<string, string[] | Refused>>> = {
  // Firefox 153 fires no contextmenu at the page while Shift is held (dom.event.contextmenu.shift_suppresses_event:
  // Shift+right click opens the browser's own menu); the rest of the gesture is as without Shift.
  firefox: { 'right with Shift': ['mousedown/2/1/S', 'mouseup/2/1/S', 'auxclick/2/1/S'] },
  // WebKitGTK 2.50's WebDriver releases a middle or right button as the left one (mouseup button 0,
  // then a click): not a faithful click, so the provider refuses those buttons there.
  safari: {
    middle: { refused: 'button' },
    right: { refused: 'button' },
    'right with Shift': { refused: 'button' },
    'middle with Control': { refused: 'button' },
  },
};

for (const browser of BROWSERS) {
  const backend = await createBackend(browser);

  describeEngine(browser)(`page.click options on ${browser}`, () => {
    it('records the same mouse events for every button, click count and modifier as the other engines', async () => {
      const d = new Dispatcher(new Provider({ backend, log: () => undefined, allowEval: true }));
      let n = 0;
      const send = (method: string, params: Record<string, unknown>) => d.handle({ protocol_version: '0.1', id: `c${++n}`, method, params: { timeout_ms: 60_000, ...params } });
      const call = async (method: string, params: Record<string, unknown>) => {
        const env = await send(method, params);
        if (!env.ok) throw new CallFailed(env.error);
        return env.result as Record<string, any>;
      };
      const clickAll = async () => {
        const { session_id } = await call('session.ensure', {});
        await call('page.open', { session_id, url: `${site.origin()}/` });
        const seen: Record<string, unknown> = {};
        const want: Record<string, unknown> = {};
        for (const [name, params, events] of CLICKS) {
          const expected = QUIRKS[browser]?.[name] ?? events;
          want[name] = expected;
          const target = 'position' in params ? {} : { selector: '#t' };
          const env = await send('page.click', { session_id, ...target, ...params });
          if (!env.ok && env.error.code === 'browser_not_running') throw new CallFailed(env.error);
          const log = (await call('page.eval', { session_id, expression: 'window.take()' })).value as string[];
          if (env.ok) seen[name] = log;
          else seen[name] = { refused: env.error.details['field'], code: `${env.error.code}/${String(env.error.details['code'])}`, dispatched: log };
          if (!Array.isArray(expected)) want[name] = { ...expected, code: 'unsupported_target/unsupported_option', dispatched: [] };
        }
        const { capabilities } = await call('provider.describe', {});
        return { seen, want, options: capabilities.method_options['page.click'] };
      };
      try {
        // A browser that crashed mid-run says nothing about clicks (testing/browser-crash.ts).
        const run = await rerunIfBrowserEnded(browser, clickAll);
        expect(run.seen).toEqual(run.want);
        // describe offers exactly the buttons that clicked.
        const refused = Object.values(QUIRKS[browser] ?? {}).some((q) => !Array.isArray(q));
        expect(run.options).toEqual({ button: refused ? ['left'] : ['left', 'middle', 'right'], click_count: [1, 2, 3], modifiers: ['Alt', 'Control', 'Meta', 'Shift'] });
      } finally {
        await backend.shutdown();
      }
    });
  });
}
