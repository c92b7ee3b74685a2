import { expect, it } from 'vitest';
import { KINDS, LABEL_ORDER_FIELDS } from './fixtures/widget-kinds';
import { describeEngine } from '@browser-provider/testing/engines';
import { BROWSERS, serveSession } from './testing/serve-session';
import { quoted, refOf } from './testing/snapshot-text';

/**
 * The widget kinds of real pages (issue 15) on every engine, through `serve` as a client sees it:
 * clickables without a role, jQuery UI 1.14 widgets, and the plain controls. Each test acts the way an
 * agent would — snapshot, pick a ref from the text, act — and reads the effect from the page.
 */
for (const browser of BROWSERS) {
  describeEngine(browser)(`widget kinds on ${browser}`, () => {
    const { call, open } = serveSession(browser);
    const text = async (params: Record<string, unknown> = {}) => String((await call('page.snapshot', { collapse: false, ...params })).text);
    const waitText = async (t: string) => expect((await call('page.wait', { text_present: t, timeout_ms: 10_000 })).satisfied).toBe(true);

    it('clickables without a role get a line and a ref, and act', async () => {
      const k = KINDS.clickables;
      await open(k.path);
      const t = await text({ mode: 'interactive' });
      for (const name of [k.glossary, ...k.tabs, k.onclick, k.pointer, k.focusable]) expect(t).toMatch(new RegExp(`^\\s*clickable ${quoted(name)} \\[e\\d+\\]`, 'm'));
      expect(t).toMatch(new RegExp(`^\\s*textbox ${quoted(k.editable)}`, 'm'));
      // The clickable wrapper around the button is not a line of its own.
      expect(t).toContain(`button ${JSON.stringify(k.wrapped)}`);
      expect(t).not.toContain(`clickable ${JSON.stringify(k.wrapped)}`);
      // Spans with only a jQuery `.on('click')` (no cursor, no markup): found in jQuery's event data,
      // so WebKit, which has no preload to record the listener, lists them too (issue 21).
      for (const name of k.folders) expect(t).toMatch(new RegExp(`^\\s*clickable ${quoted(name)} \\[e\\d`, 'm'));

      await call('page.click', { element_ref: refOf(t, `clickable ${quoted(k.glossary)}`) });
      await waitText('log: glossary');
      // By text: the span itself, not ambiguous with the paragraph or the tab strip around it.
      await call('page.click', { text_query: k.tabs[1] });
      await waitText(k.pricingText);
      await call('page.click', { element_ref: refOf(t, `clickable ${quoted(k.onclick)}`) });
      await call('page.click', { element_ref: refOf(t, `clickable ${quoted(k.pointer)}`) });
      await waitText('log: glossary onclick pointer');
      await call('page.click', { element_ref: refOf(t, `clickable ${quoted(k.folders[1])}`) });
      await waitText('pointer tree:main.ts');
    });

    it('jQuery UI slider: focus the handle, ArrowRight moves the value', async () => {
      const k = KINDS.slider;
      await open(k.path);
      const t = await text({ mode: 'interactive' });
      // The handle is a bare <span tabindex="0">: a clickable line (a generic one before issue 15).
      await call('page.press', { element_ref: refOf(t, '(?:clickable|generic)'), key: 'ArrowRight' });
      await waitText(`Value: ${k.start + 1}`);
    });

    it('jQuery UI datepicker: open it, pick a day', async () => {
      const k = KINDS.datepicker;
      await open(k.path);
      await call('page.click', { element_ref: refOf(await text(), `textbox ${quoted(k.label)}`) });
      await waitText('January');
      const t = await text();
      await call('page.click', { element_ref: refOf(t, `link ${quoted(k.day)}`) });
      expect(await text()).toContain(`textbox ${JSON.stringify(k.label)} value=${JSON.stringify(k.picked)}`);
    });

    it('jQuery UI menu: hover opens the submenu, a click picks its item', async () => {
      const k = KINDS.menu;
      await open(k.path);
      const before = await text();
      expect(before).not.toContain(`menuitem ${JSON.stringify(k.child)}`);
      await call('page.hover', { element_ref: refOf(before, `menuitem ${quoted(k.parent)}`) });
      await waitText(k.child);
      await call('page.click', { element_ref: refOf(await text(), `menuitem ${quoted(k.child)}`) });
      await waitText(`${k.chosenPrefix}${k.child}`);
    });

    it('jQuery UI accordion: a header click shows its panel in the snapshot', async () => {
      const k = KINDS.accordion;
      await open(k.path);
      const before = await text();
      expect(before).not.toContain(k.panel);
      await call('page.click', { element_ref: refOf(before, `\\w+ ${quoted(k.header)}`) });
      await waitText(k.panel);
      expect(await text()).toContain(k.panel);
    });

    it('jQuery UI dialog: the close button closes it', async () => {
      const k = KINDS.dialog;
      await open(k.path);
      const before = await text();
      expect(before).toContain(k.body);
      await call('page.click', { element_ref: refOf(before, 'button "Close"') });
      expect((await call('page.wait', { text_absent: k.body, timeout_ms: 10_000 })).satisfied).toBe(true);
      expect(await text()).not.toContain(k.body);
    });

    it('jQuery UI tabs: a tab click shows its panel', async () => {
      const k = KINDS.tabs;
      await open(k.path);
      const before = await text();
      expect(before).not.toContain(k.panel);
      await call('page.click', { element_ref: refOf(before, `tab ${quoted(k.tab)}`) });
      await waitText(k.panel);
      expect(await text()).toContain(k.panel);
    });

    it('a <select multiple> takes two options', async () => {
      const k = KINDS.selectMultiple;
      await open(k.path);
      const t = await text();
      const picked = await call('page.select', { element_ref: refOf(t, `listbox ${quoted(k.label)}`), values: [...k.pick] });
      expect(picked.selected).toEqual([...k.pick]);
      const after = await text();
      expect(after).toMatch(/option "Ham" \[selected\]/);
      expect(after).toMatch(/option "Olives" \[selected\]/);
      expect(after).not.toMatch(/option "Cheese" \[selected\]/);
    });

    it('page.select takes one option as value or label', async () => {
      const k = KINDS.selectMultiple;
      await open(k.path);
      const t = await text();
      expect((await call('page.select', { element_ref: refOf(t, `combobox ${quoted(k.planLabel)}`), value: 'pro' })).selected).toEqual(['pro']);
      expect((await call('page.select', { element_ref: refOf(t, `combobox ${quoted(k.planLabel)}`), label: 'Free' })).selected).toEqual(['free']);
    });

    it('a <textarea> shows its value, and the value after typing', async () => {
      const k = KINDS.textarea;
      await open(k.path);
      const t = await text();
      expect(t).toContain(`textbox ${JSON.stringify(k.label)} value=${JSON.stringify(k.initial)}`);
      await call('page.type', { element_ref: refOf(t, `textbox ${quoted(k.label)}`), text: ' friend' });
      expect(await text()).toContain(`value=${JSON.stringify(`${k.initial} friend`)}`);
    });

    it('inputs are named by their label whether it comes before or after them', async () => {
      await open(KINDS.labelOrder.path);
      const t = await text();
      for (const f of LABEL_ORDER_FIELDS) expect(t).toMatch(new RegExp(`^\\s*textbox ${quoted(f.label)} \\[e\\d`, 'm'));
      expect(t.match(/^\s*textbox /gm)).toHaveLength(LABEL_ORDER_FIELDS.length);
    });

    it('a scoped snapshot is the subtree, with the full snapshot refs', async () => {
      const k = KINDS.tabs;
      await open(k.path);
      const full = await call('page.snapshot', { collapse: false });
      const tablist = refOf(String(full.text), 'tablist');
      const scoped = await call('page.snapshot', { scope: tablist, collapse: false });
      const lines = String(full.text).split('\n');
      const start = lines.findIndex((l) => l.includes(`[${tablist}]`));
      const indent = (l: string) => l.length - l.trimStart().length;
      let end = start + 1;
      while (end < lines.length && indent(lines[end]!) > indent(lines[start]!)) end++;
      const cut = lines.slice(start, end).map((l) => l.slice(indent(lines[start]!)));
      expect(String(scoped.text).split('\n')).toEqual(cut);
    });
  });
}
