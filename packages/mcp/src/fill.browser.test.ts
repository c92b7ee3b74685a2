import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, INPUTS_PAGE, servePage } from '@browser-provider/testing';
import { refOf, startStdio, textOf, type StdioServer } from './testing/servers';

/**
 * browser_fill_form and browser_type on the fields whose value is not plain text, as the SDK's client
 * sees them, on every installed engine (issue 30: a slider refused `not_editable` by the type its own
 * schema lists, a colour input no tool could set, a date typed as keys answered as done). What the
 * page holds is read with browser_evaluate, from the page itself.
 */

const ENGINES = ['firefox', 'chrome', 'safari'] as const;
const page = servePage(INPUTS_PAGE);

for (const browser of ENGINES) {
  describeEngine(browser)(`mcp --browser ${browser}: fields by their kind`, () => {
    let s: StdioServer;
    let outline = '';
    const call = (name: string, args: Record<string, unknown>) => s.client.callTool({ name, arguments: args });
    const held = async (ids: string[]) => textOf(await call('browser_evaluate', { function: `() => ${JSON.stringify(ids)}.map((id) => id + '=' + document.getElementById(id).value).join(' ')` }));
    beforeAll(async () => {
      s = await startStdio(['--browser', browser, '--allow-eval']);
      await call('browser_navigate', { url: `${page.origin()}/` });
      outline = textOf(await call('browser_snapshot', {}));
    });
    afterAll(async () => {
      s.child.stdin.end();
      await new Promise((r) => (s.child.exitCode !== null ? r(undefined) : s.child.once('exit', r)));
    });

    it('shows a colour field as taking a colour, and a date field its format', () => {
      expect(outline).toMatch(/button "Accent colour" \(colour #rrggbb\) value="#3366cc" \[e\d+\]/);
      expect(outline).toMatch(/textbox "Start date" \(date YYYY-MM-DD 2025-01-01\.\.2025-12-31\) \[e\d+\]/);
      expect(outline).toMatch(/slider "Volume" \(range 0\.\.100 step 5\) value="50" \[e\d+\]/);
    });

    it('fills a slider, a colour and a date with browser_fill_form, and answers what each holds', async () => {
      const r = await call('browser_fill_form', {
        fields: [
          { name: 'Volume', type: 'slider', target: refOf(outline, '"Volume"'), value: '35' },
          { name: 'Accent colour', type: 'textbox', target: refOf(outline, '"Accent colour"'), value: '#FF8800' },
          { name: 'Start date', type: 'textbox', target: refOf(outline, '"Start date"'), value: '2025-06-15' },
        ],
      });
      expect(r.isError).toBeFalsy();
      expect(textOf(r)).toContain('Filled 3 fields. Volume = "35"; Accent colour = "#ff8800"; Start date = "2025-06-15".');
      expect(await held(['range', 'color', 'date'])).toContain('range=35 color=#ff8800 date=2025-06-15');
    });

    it('fills every field type its schema lists in one browser_fill_form call', async () => {
      const snap = textOf(await call('browser_snapshot', {}));
      const r = await call('browser_fill_form', {
        fields: [
          { name: 'Name', type: 'textbox', target: refOf(snap, 'textbox "Name"'), value: 'Ada' },
          { name: 'Agree', type: 'checkbox', target: refOf(snap, '"Agree to terms"'), value: 'true' },
          { name: 'Large', type: 'radio', target: refOf(snap, '"Large"'), value: 'true' },
          { name: 'Fruit', type: 'combobox', target: refOf(snap, '"Fruit"'), value: 'Cherry' },
          { name: 'Volume', type: 'slider', target: refOf(snap, '"Volume"'), value: '80' },
        ],
      });
      expect(r.isError).toBeFalsy();
      expect(textOf(r)).toContain('Filled 5 fields. Name = "Ada"; Fruit = "c"; Volume = "80".');
      const state = await call('browser_evaluate', {
        function: "() => [document.getElementById('text').value, document.getElementById('agree').checked, document.getElementById('size-l').checked, document.getElementById('fruit').value, document.getElementById('range').value].join(' ')",
      });
      expect(textOf(state)).toContain('Ada true true c 80');
      await call('browser_fill_form', { fields: [{ name: 'Volume', type: 'slider', target: refOf(snap, '"Volume"'), value: '35' }] });
    });

    it('sets a time with browser_type, and refuses a date not in its format with the format', async () => {
      const t = await call('browser_type', { target: refOf(outline, '"Alarm"'), element: 'Alarm', text: '11:03' });
      expect(textOf(t)).toContain('Set Alarm to "11:03".');
      const bad = await call('browser_type', { target: refOf(outline, '"Start date"'), element: 'Start date', text: '06/15/2025' });
      expect(bad.isError).toBe(true);
      expect(textOf(bad)).toMatch(/^Error element_not_actionable \(value_rejected\): .*"06\/15\/2025" is not in the field's format \(date YYYY-MM-DD/);
      expect(textOf(bad)).toMatch(/Repair: browser_type \{"target":"e\d+","text":"<[^"]+>"\} — It takes a date as YYYY-MM-DD \(e\.g\. 2025-06-15\)/);
      expect(await held(['time', 'date'])).toContain('time=11:03 date=2025-06-15');
    });

    it('refuses a slider value out of its range, naming the range', async () => {
      const r = await call('browser_fill_form', { fields: [{ name: 'Volume', type: 'slider', target: refOf(outline, '"Volume"'), value: '150' }] });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain('It takes a number from 0 to 100 in steps of 5');
      expect(await held(['range'])).toContain('range=35');
    });
  });
}
