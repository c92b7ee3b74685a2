import { describe, expect, it } from 'vitest';
import { describeStep, flowToJsonl, parseFlow, stepsFromEvents, type FlowTarget, type RawFlowEvent } from './index';

const field: FlowTarget = { role: 'textbox', name: 'Name', label: 'Name', css: '#name' };
const button: FlowTarget = { role: 'button', name: 'Go', text: 'Go', css: 'button' };
const link: FlowTarget = { role: 'link', name: 'Next', text: 'Next', css: 'a' };
const editor: FlowTarget = { role: 'textbox', name: 'Code', css: '#cm textarea' };
const doc = (url: string, referrer = ''): RawFlowEvent => ({ kind: 'document', url, referrer, at: 0 });

describe('stepsFromEvents', () => {
  const cases: Array<[string, RawFlowEvent[], unknown[]]> = [
    ['the first document opens the flow', [doc('http://a/')], [{ method: 'page.open', params: { url: 'http://a/' } }]],
    ['about:blank is never a step', [doc('about:blank'), doc('http://a/')], [{ method: 'page.open', params: { url: 'http://a/' } }]],
    [
      'a run of inputs on one field is one type with the final value, and the click that focused it goes',
      [doc('http://a/'), { kind: 'click', target: field, at: 1 }, { kind: 'input', target: field, value: 'G', at: 2 }, { kind: 'input', target: field, value: 'Gr', at: 3 }],
      [{ method: 'page.open' }, { method: 'page.type', params: { selector: '#name', text: 'Gr', replace: true }, target: field }],
    ],
    [
      'a document a click led to (it has a referrer) is not a step',
      [doc('http://a/'), { kind: 'click', target: link, at: 1 }, doc('http://a/next', 'http://a/')],
      [{ method: 'page.open' }, { method: 'page.click', params: { selector: 'a' }, target: link }],
    ],
    [
      'a document nothing led to (a typed URL: no referrer) is a step even right after a click',
      [doc('http://a/'), { kind: 'click', target: button, at: 1 }, doc('http://b/')],
      [{ method: 'page.open' }, { method: 'page.click' }, { method: 'page.open', params: { url: 'http://b/' } }],
    ],
    [
      'a document after typing alone is a step',
      [doc('http://a/'), { kind: 'input', target: field, value: 'x', at: 1 }, doc('http://b/', 'http://a/')],
      [{ method: 'page.open' }, { method: 'page.type' }, { method: 'page.open', params: { url: 'http://b/' } }],
    ],
    [
      'keys, selects and drags map one to one',
      [
        doc('http://a/'),
        { kind: 'key', key: 'Enter', target: field, at: 1 },
        { kind: 'key', key: 'Escape', at: 2 },
        { kind: 'select', target: { role: 'combobox', name: 'Country', css: 'select' }, values: ['jp'], labels: ['Japan'], at: 3 },
        { kind: 'drag', target: button, to: link, at: 4 },
      ],
      [
        { method: 'page.open' },
        { method: 'page.press', params: { key: 'Enter', selector: '#name' } },
        { method: 'page.press', params: { key: 'Escape' } },
        { method: 'page.select', params: { selector: 'select', values: ['jp'] } },
        { method: 'page.drag', params: { selector: 'button', to_selector: 'a' }, to: link },
      ],
    ],
    [
      "text inserted into an editor's hidden input is appended at its caret, one type per run; a key between splits it",
      [
        doc('http://a/'),
        { kind: 'text', target: editor, text: ' t', at: 1 },
        { kind: 'text', target: editor, text: 'y', at: 2 },
        { kind: 'key', key: 'Enter', target: editor, at: 3 },
        { kind: 'text', target: editor, text: 'x', at: 4 },
      ],
      [
        { method: 'page.open' },
        { method: 'page.type', params: { selector: '#cm textarea', text: ' ty' }, target: editor },
        { method: 'page.press', params: { key: 'Enter' } },
        { method: 'page.type', params: { selector: '#cm textarea', text: 'x' } },
      ],
    ],
  ];
  for (const [name, events, want] of cases) {
    it(name, () => {
      const steps = stepsFromEvents(events);
      expect(steps).toHaveLength(want.length);
      want.forEach((w, i) => expect(steps[i]).toMatchObject(w as object));
    });
  }

  it('keeps a typed password for replay, masks it when shown', () => {
    const [, typed] = stepsFromEvents([doc('http://a/'), { kind: 'input', target: { ...field, name: 'Password' }, value: 'hunter2', secret: true, at: 1 }]);
    expect(typed).toMatchObject({ secret: true, params: { text: 'hunter2' } });
    expect(describeStep(typed!)).toBe('type •••• into textbox "Password"');
  });
});

describe('parseFlow', () => {
  it('reads back what flowToJsonl wrote', () => {
    const steps = stepsFromEvents([doc('http://a/'), { kind: 'click', target: button, at: 1 }]);
    expect(parseFlow(flowToJsonl(steps))).toEqual(steps);
  });
  it('names the line that is not a step', () => {
    expect(() => parseFlow('{"method":"page.open","params":{"url":"x"}}\nnope')).toThrow('line 2: not JSON');
    expect(() => parseFlow('{"method":"page.eval","params":{}}')).toThrow(/line 1: expected/);
  });
});
