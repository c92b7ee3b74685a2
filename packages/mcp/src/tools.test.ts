import type { Repair } from '@browser-provider/protocol';
import { METHODS, isMethodName, knownTraits } from '@browser-provider/protocol';
import { createProviderServer } from '@browser-provider/core';
import { describe, expect, it } from 'vitest';
import { StubBackend } from '@browser-provider/core/testing';
import { parseListen } from './http';
import { findLines } from './outline';
import { listed } from './server';
import { offeredTools, TOOLS, VOCABULARY } from './tools';

/** Namespaced methods the tools call besides the normalized ones (core's own, on every engine). */
const NAMESPACED = new Set(['dialog.handle', 'route.add', 'route.list', 'route.remove', 'network.set_offline']);

describe('the tool table', () => {
  it('has one row per tool, each mapped to a real method, with an object schema and hints', () => {
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
    for (const t of TOOLS) {
      expect(t.name).toMatch(/^browser_[a-z_]+$/);
      if (t.method !== undefined) expect(isMethodName(t.method) || NAMESPACED.has(t.method)).toBe(true);
      const l = listed(t);
      expect(l.inputSchema.type).toBe('object');
      expect(t.description.length).toBeGreaterThan(10);
    }
  });

  it('hints read-only exactly where the method table says the method does not mutate, but for the tools that do more', () => {
    // Each does more than the method it is named after (see the comment on its row).
    const MORE = new Set(['browser_tabs', 'browser_handle_dialog', 'browser_session']);
    // A tool of no method (the session report's) says its hint itself.
    const differ = TOOLS.filter((t) => t.method !== undefined).filter((t) => {
      const traits = t.method === undefined ? undefined : knownTraits(t.method);
      expect(traits, `${t.name}: ${t.method} has traits`).toBeDefined();
      return listed(t).annotations?.readOnlyHint !== !traits?.mutating;
    });
    expect(differ.map((t) => t.name).sort()).toEqual([...MORE].sort());
    for (const t of differ) expect(listed(t).annotations?.readOnlyHint, t.name).toBe(false);
  });

  it('takes the protocol’s constraints for the fields it shares with a method', () => {
    const props = (name: string) => (listed(TOOLS.find((t) => t.name === name) as (typeof TOOLS)[number]).inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    expect(props('browser_navigate').url).toMatchObject({ type: 'string', maxLength: 100_000 });
    expect(props('browser_press_key').key).toMatchObject({ maxLength: 64 });
    expect(props('browser_snapshot').mode).toMatchObject({ enum: ['full', 'interactive'] });
    expect(props('browser_type').text).toMatchObject({ maxLength: 1_000_000 });
    expect(METHODS['page.type'].params.shape.text.maxLength).toBe(1_000_000);
  });

  it('offers the eval tool only when the provider runs with allowEval', () => {
    const names = (allowEval: boolean) => {
      const backend = new StubBackend();
      backend.optionalList = ['page.eval'];
      const server = createProviderServer([backend], { log: () => undefined, allowEval });
      return offeredTools((m) => server.callable(m)).map((t) => t.name);
    };
    expect(names(false)).not.toContain('browser_evaluate');
    expect(names(true)).toContain('browser_evaluate');
  });

  it('lists a tool only where some engine answers its method', () => {
    const backend = new StubBackend();
    backend.optionalList = [];
    const names = offeredTools((m) => createProviderServer([backend], { log: () => undefined }).callable(m)).map((t) => t.name);
    expect(names).toContain('browser_navigate');
    expect(names).not.toContain('browser_console_messages');
  });
});

describe('repairs in tool words', () => {
  it.each([
    [{ method: 'page.snapshot', params: { session_id: 's', page_id: 'p' }, hint: 'Take one.' }, 'browser_snapshot — Take one.'],
    [{ method: 'tab.list', params: { session_id: 's' }, hint: 'List them.' }, 'browser_tabs {"action":"list"} — List them.'],
    [{ method: 'page.click', params: { element_ref: 'e4' }, hint: 'Use page.snapshot first.' }, 'browser_click {"target":"e4"} — Use browser_snapshot first.'],
    [{ method: 'page.wait', params: { text_present: 'Done', timeout_ms: 5 }, hint: '' }, 'browser_wait_for {"text":"Done"}'],
    [{ method: 'session.ensure', params: { browser_preference: 'chrome' }, hint: 'Ask for chrome.' }, 'browser_session {"browser":"chrome"} — Ask for chrome.'],
    // No tool does jobs.get: the hint alone, never a name the model cannot call.
    [{ method: 'jobs.get', params: { job_id: 'j1' }, hint: 'Wait.' }, 'Wait.'],
    // `satisfies`: each row's method must be a method name, not any string.
  ] satisfies Array<[Repair, string]>)('%j → %s', (repair, said) => {
    expect(VOCABULARY.repair(repair)).toBe(said);
  });

  it('says an error in two lines: the code and cause, then the repair', () => {
    const a = VOCABULARY.error({
      code: 'element_not_found',
      message: 'Element e3 is stale; call page.snapshot.',
      retryable: false,
      details: { code: 'stale_ref', repair: { method: 'page.snapshot', params: {}, hint: 'Take a new snapshot.' } },
    });
    expect(a.text).toBe('Error element_not_found (stale_ref): Element e3 is stale; call browser_snapshot.\nRepair: browser_snapshot — Take a new snapshot.');
  });
});

const OUTLINE = ['main [e1]', '  heading "Prices" [level=1] [e2]', '  table "Products" [e3]', '    row [e4]', '      cell "Quiet lamp" [e5]', '      cell "$31.50" [e6]', '    row [e7]', '      cell "Compact lamp" [e8]', '  link "Search" [e9] -> /s'].join('\n');

describe('reading the outline', () => {
  it('finds text or a regex with the lines that contain each match', () => {
    const r = findLines(OUTLINE, { text: 'quiet LAMP' });
    expect(r).toEqual({ count: 1, shown: 1, snippets: ['main [e1]', '  …', '  table "Products" [e3]', '    row [e4]', '      cell "Quiet lamp" [e5]', '      cell "$31.50" [e6]'] });
    const re = findLines(OUTLINE, { regex: '/\\$\\d+\\.50/' });
    expect('count' in re && re.count).toBe(1);
    expect(findLines(OUTLINE, { regex: '(' })).toHaveProperty('error');
  });
});

describe('--http', () => {
  it.each([
    ['127.0.0.1:8931', { host: '127.0.0.1', port: 8931 }],
    ['localhost:0', { host: '127.0.0.1', port: 0 }],
    ['[::1]:9000', { host: '::1', port: 9000 }],
    ['8931', { host: '127.0.0.1', port: 8931 }],
  ])('listens on %s', (spec, want) => {
    expect(parseListen(spec)).toEqual(want);
  });
  it.each(['0.0.0.0:8931', '192.168.1.4:80', 'example.com:80', '[::]:80', '127.0.0.1:99999', 'nonsense'])('refuses %s', (spec) => {
    expect(() => parseListen(spec)).toThrow();
  });
});
