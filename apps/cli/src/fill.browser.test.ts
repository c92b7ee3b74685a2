import { Dispatcher, Provider } from '@browser-provider/core';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, INPUTS_PAGE, nativeValue, servePage } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';
import { CallFailed } from './testing/browser-crash';

/**
 * page.type fills every native input kind the way it takes a value, the same on every engine, and
 * reads it back (issue 30, findings 1–3 and Chromium's time field): a date typed as keys once became
 * 5061-02-02 (Firefox), 50615-02-02 (Chromium) or 0015-12-06 (WebKit) and was answered as done. What
 * the field holds is read from the page (through the element interface's own getter, and the events
 * the page recorded), never from our answer, and the answer must say the same.
 */

const site = servePage(INPUTS_PAGE);

/** [id, text typed, what the page then holds, what the answer says (a password's is masked)]. */
const VALID: Array<[string, string, string, string?]> = [
  ['text', 'Ada Lovelace', 'Ada Lovelace'],
  ['search', 'kettle', 'kettle'],
  ['email', 'ada@example.com', 'ada@example.com'],
  ['url', 'https://example.com/', 'https://example.com/'],
  ['tel', '+44 20 7946 0000', '+44 20 7946 0000'],
  ['password', 's3cret', 's3cret', '••••••'],
  ['number', '7', '7'],
  ['date', '2025-06-15', '2025-06-15'],
  ['time', '14:30', '14:30'],
  ['datetime', '2025-06-15T14:30', '2025-06-15T14:30'],
  ['month', '2025-06', '2025-06'],
  ['week', '2025-W24', '2025-W24'],
  ['color', '#FF8800', '#ff8800'],
  ['range', '35', '35'],
];

/** Picker kinds: set through the value, with the input and change a person's pick fires. */
const SET_KINDS = new Set(['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range']);

/** [id, text, why it is refused, a piece of the format hint]. */
const INVALID: Array<[string, string, string, RegExp]> = [
  ['date', '06/15/2025', 'not the format', /date as YYYY-MM-DD \(e\.g\. 2025-06-15\), from 2025-01-01 to 2025-12-31/],
  ['date', '2025-02-30', 'no such date', /YYYY-MM-DD/],
  ['date', '2026-01-10', 'after max', /from 2025-01-01 to 2025-12-31/],
  ['time', '11:03 AM', 'not the format', /24-hour time as HH:MM \(e\.g\. 14:30\)/],
  ['time', '1103A', 'not the format', /HH:MM/],
  ['time', '14:30:15', 'seconds off the default 60 s step', /HH:MM/],
  ['datetime', '2025-06-15 25:00', 'no such time', /YYYY-MM-DDTHH:MM/],
  ['month', 'June 2025', 'not the format', /month as YYYY-MM/],
  ['week', '2025-24', 'not the format', /week as YYYY-Www/],
  ['color', 'red', 'not the format', /colour as #rrggbb/],
  ['range', '150', 'out of range', /number from 0 to 100 in steps of 5/],
  ['range', '33', 'off the step', /in steps of 5/],
  ['number', 'abc', 'not a number', /takes a number/],
  ['delivery', '2025-06-14', 'cleared by the page (a Saturday)', /YYYY-MM-DD/],
];

const ok = (env: ResponseEnvelope) => {
  if (!env.ok) throw new CallFailed(env.error);
  return env.result as Record<string, any>;
};

for (const browser of BROWSERS) {
  const backend = await createBackend(browser);

  describeEngine(browser)(`page.type by the field's kind on ${browser}`, () => {
    const provider = new Provider({ backend, log: () => undefined, allowEval: true });
    const d = new Dispatcher(provider);
    let n = 0;
    let page: { session_id: string; page_id: string };
    const call = (method: string, params: Record<string, unknown>) => d.handle({ protocol_version: '0.1', id: `f${++n}`, method, params: { ...page, timeout_ms: 60_000, ...params } });
    const evalIn = async (expression: string) => ok(await call('page.eval', { expression })).value as unknown;
    const pageValue = (id: string) => evalIn(nativeValue(id)) as Promise<string>;
    /** The type the engine gives the field: an engine without a month or week picker makes it a text field. */
    const kindOf = (id: string) => evalIn(`document.getElementById(${JSON.stringify(id)}).type`) as Promise<string>;
    const type = (id: string, text: string) => call('page.type', { selector: `#${id}`, text, replace: true });

    beforeAll(async () => {
      const s = ok(await d.handle({ protocol_version: '0.1', id: 's', method: 'session.ensure', params: {} }));
      page = { session_id: s.session_id, page_id: s.default_page_id };
      ok(await call('page.open', { url: `${site.origin()}/` }));
    });
    afterAll(() => provider.shutdown());

    it('fills every native input kind, and the answer states the value the page holds', async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const [id, text, holds, says] of VALID) {
        const kind = await kindOf(id);
        const r = ok(await type(id, text));
        const events = (await evalIn(`(window.events[${JSON.stringify(id)}] || []).join()`)) as string;
        // Typed fields get an input event per key; a picker gets one input and one change, as a pick does.
        const heard = SET_KINDS.has(kind) ? events === 'input,change' : events.startsWith('input');
        got.push(`${id}: page ${await pageValue(id)}, answer ${r.value} by ${r.by}, events ${heard ? 'ok' : events}`);
        want.push(`${id}: page ${holds}, answer ${says ?? holds} by ${SET_KINDS.has(kind) ? 'value' : 'keys'}, events ok`);
      }
      expect(got).toEqual(want);
    });

    it('refuses a value the field does not take, with the format it takes, and keeps the old value', async () => {
      ok(await type('delivery', '2025-06-13'));
      const got: string[] = [];
      const want: string[] = [];
      for (const [id, text, why, hint] of INVALID) {
        const kind = await kindOf(id);
        const before = await pageValue(id);
        const env = await type(id, text);
        const after = await pageValue(id);
        if (kind === 'text') {
          // No picker on this engine (Firefox ESR has none for month and week): a text field takes the text.
          got.push(`${id} ${text}: ${env.ok ? 'typed' : env.error.code}, page ${after}`);
          want.push(`${id} ${text}: typed, page ${text}`);
          continue;
        }
        const e = env.ok ? undefined : env.error;
        const repair = e?.details.repair as { method: string; hint: string } | undefined;
        got.push(`${id} ${text} (${why}): ${e?.code}/${String(e?.details.code)}, repair ${repair?.method} ${hint.test(repair?.hint ?? '') ? 'gives the format' : repair?.hint}, page ${after === before ? 'kept its value' : after}`);
        // The page itself cleared the delivery day on its change event: that is what it holds.
        want.push(`${id} ${text} (${why}): element_not_actionable/value_rejected, repair page.type gives the format, page ${id === 'delivery' ? '' : 'kept its value'}`);
      }
      expect(got).toEqual(want);
    });

    it("says each field's format in the snapshot outline", async () => {
      const text = ok(await call('page.snapshot', { mode: 'interactive' })).text as string;
      const line = (name: string) => text.split('\n').find((l) => l.includes(`"${name}"`))?.trim().replace(/ value=.*$| \[e\d+\]$/, '').replace(' [focused]', '');
      const month = (await kindOf('month')) === 'month' ? ' (month YYYY-MM)' : '';
      expect([line('Start date'), line('Alarm'), line('Accent colour'), line('Volume'), line('Billing month'), line('Name')]).toEqual([
        'textbox "Start date" (date YYYY-MM-DD 2025-01-01..2025-12-31)',
        'textbox "Alarm" (time HH:MM)',
        'button "Accent colour" (colour #rrggbb)',
        'slider "Volume" (range 0..100 step 5)',
        `textbox "Billing month"${month}`,
        'textbox "Name"',
      ]);
    });

    it("sets a field through the element's own setter, never one the page defined on it", async () => {
      const r = ok(await type('guarded', '2025-07-01'));
      expect([r.value, await pageValue('guarded'), await evalIn('window.ownSetterCalls')]).toEqual(['2025-07-01', '2025-07-01', 0]);
    });

    it('types into a text field, and says so when the field holds other than the text typed', async () => {
      const env = await type('code', 'ABCDEFG');
      expect(env.ok && [(env.result as { value?: string }).value, env.warnings]).toEqual(['ABCD', [expect.stringMatching(/now holds "ABCD", not the text typed/)]]);
      expect(await pageValue('code')).toBe('ABCD');
    });

    it('selects one option and several, as the page reads them', async () => {
      expect(ok(await call('page.select', { selector: '#fruit', label: 'Banana' })).selected).toEqual(['b']);
      expect(ok(await call('page.select', { selector: '#toppings', values: ['x', 'z'] })).selected).toEqual(['x', 'z']);
      expect(ok(await call('page.select', { selector: '#guarded-pick', values: ['2'] })).selected).toEqual(['2']);
      expect(await evalIn(`document.getElementById('guarded-pick').value + ' ' + window.ownSetterCalls`)).toBe('2 0');
      expect(await evalIn(`[document.getElementById('fruit').value, ...[...document.getElementById('toppings').selectedOptions].map((o) => o.value)].join()`)).toBe('b,x,z');
    });
  });
}
