import type { ResponseEnvelope } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { ProviderLink } from './link';
import { TOOLS, VOCABULARY } from './tools';

/**
 * How an action's answer is put together, against a scripted provider (the real-browser tests in
 * mcp.browser.test.ts drive the real one). Each method answers from a queue of canned results.
 */
function scripted(answers: Record<string, Array<{ result?: unknown; warnings?: string[]; error?: { code: string; message: string; details: Record<string, unknown> } }>>) {
  const calls: Array<{ method: string; params: Record<string, unknown> }> = [];
  const server = {
    async call(req: unknown): Promise<ResponseEnvelope> {
      const { id, method, params } = req as { id: string; method: string; params: Record<string, unknown> };
      calls.push({ method, params });
      const next = answers[method]?.shift();
      if (next === undefined) throw new Error(`unexpected ${method}`);
      if (next.error) return { protocol_version: '0.1', id, ok: false, error: { ...next.error, retryable: true } } as ResponseEnvelope;
      return { protocol_version: '0.1', id, ok: true, result: next.result, warnings: next.warnings ?? [] };
    },
  };
  return { link: new ProviderLink(server), calls };
}

const ENSURED = { session_id: 's1', browser_family: 'firefox', browser_label: 'Firefox', attached_to_existing_browser: false, isolation: 'per_jcode_session', default_page_id: 'p1' };
const snap = (rev: number, url: string, text: string, diff?: unknown) => ({ page_id: 'p1', url, title: 'T', rev, snapshot: { format: 'jcode.page_snapshot.v1', root: {}, nodes: [] }, elements: [], text, ...(diff ? { diff } : {}) });
const tool = (name: string) => TOOLS.find((t) => t.name === name) as (typeof TOOLS)[number];

describe('an action’s answer', () => {
  it('reads the page again when the click\u2019s own snapshot is missing (it ran into the navigation), and does not click twice', async () => {
    const missing = { code: 'not_ready', cause: 'document_replaced', message: 'The document was replaced while the operation ran.' };
    const { link, calls } = scripted({
      'session.ensure': [{ result: ENSURED }],
      'page.snapshot': [{ result: snap(1, 'http://x/a', 'button "Next" [ref=e1]') }, { result: snap(3, 'http://x/b', 'heading "Step 2" [ref=e2]') }],
      'page.click': [
        {
          result: { page_id: 'p1', clicked: true, navigation_occurred: true, url: 'http://x/b', snapshot_missing: missing },
          warnings: ['The action was done, but the snapshot after it failed (not_ready/document_replaced: The document was replaced while the operation ran.); take one with page.snapshot.'],
        },
      ],
    });
    const ctx = { link, vocab: VOCABULARY };
    await tool('browser_snapshot').run(ctx, {});
    const a = await tool('browser_click').run(ctx, { target: 'e1' });
    expect(a.text).toBe('Clicked e1. The page navigated.\nPage: "T" http://x/b (rev 3)\nheading "Step 2" [ref=e2]');
    expect(calls.map((c) => c.method)).toEqual(['session.ensure', 'page.snapshot', 'page.click', 'page.snapshot']);
    expect(calls[2]?.params).toMatchObject({ element_ref: 'e1', snapshot: 'diff' });
  });

  it('says what changed since the last snapshot, without old lines or focus-only changes', async () => {
    const diff = {
      since_rev: 1,
      base_found: true,
      added: [{ line: 'text: Saved', parent_ref: 'e3' }],
      removed: [],
      changed: [
        { element_ref: 'e1', line: 'textbox "Name" [focused] value="Ada" [ref=e1]', was: 'textbox "Name" [ref=e1]' },
        { element_ref: 'e2', line: 'button "Save" [ref=e2]', was: 'button "Save" [focused] [ref=e2]' },
      ],
    };
    const { link, calls } = scripted({
      'session.ensure': [{ result: ENSURED }],
      'page.snapshot': [{ result: snap(1, 'http://x/a', 'textbox "Name" [ref=e1]') }],
      // The action answers with its own diff: one protocol call for the step.
      'page.type': [{ result: { page_id: 'p1', typed: true, snapshot: snap(2, 'http://x/a', '(diff)', diff) } }],
    });
    const ctx = { link, vocab: VOCABULARY };
    await tool('browser_snapshot').run(ctx, {});
    const a = await tool('browser_type').run(ctx, { target: 'e1', text: 'Ada' });
    expect(a.text).toBe('Typed into e1.\nPage: "T" http://x/a (rev 2)\n+ text: Saved (in e3)\n~ textbox "Name" [focused] value="Ada" [ref=e1]');
    expect(calls.map((c) => c.method)).toEqual(['session.ensure', 'page.snapshot', 'page.type']);
    expect(calls[2]?.params).toMatchObject({ element_ref: 'e1', text: 'Ada', replace: true, snapshot: 'diff' });
  });

  it('carries the diff in structuredContent once: old lines and changed elements, not the rendered text or the node tree again', async () => {
    const diff = { since_rev: 1, base_found: true, added: [], removed: [], changed: [{ element_ref: 'e1', line: 'button "Remove" [e1]', was: 'button "Add to cart" [e1]' }] };
    const element = { element_ref: 'e1', role: 'button', name: 'Remove', text: 'Remove', actionable: true, enabled: true };
    const after = { ...snap(2, 'http://x/a', '~ button "Remove" [e1]  (was: button "Add to cart" [e1])', diff), elements: [element] };
    const { link } = scripted({
      'session.ensure': [{ result: ENSURED }],
      'page.snapshot': [{ result: snap(1, 'http://x/a', 'button "Add to cart" [e1]') }],
      'page.click': [{ result: { page_id: 'p1', clicked: true, navigation_occurred: false, url: 'http://x/a', snapshot: after } }],
    });
    const ctx = { link, vocab: VOCABULARY };
    await tool('browser_snapshot').run(ctx, {});
    const a = await tool('browser_click').run(ctx, { target: 'e1' });
    expect(a.structured).toEqual({ page_id: 'p1', clicked: true, navigation_occurred: false, url: 'http://x/a', snapshot: { title: 'T', rev: 2, elements: [element], diff } });
  });
});
