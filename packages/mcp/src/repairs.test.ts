import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CATALOG, createProviderServer, ProviderError, repairOf, type ErrorEntry } from '@browser-provider/core';
import { StubBackend } from '@browser-provider/core/testing';
import { describe, expect, it } from 'vitest';
import { METHOD_NAMES, OWN_METHOD_NAMES, type ErrorObject } from '@browser-provider/protocol';
import { CAPS, type Cap } from './caps';
import { createMcpSession } from './server';
import { offeredTools, TOOLS, vocabularyFor } from './tools';

/**
 * Every repair an answer names is a tool this server offers under its `--caps` and flags, with
 * arguments that tool takes (issue 31): rendered through the SDK client as a model reads it.
 */

async function session(caps: Cap[]) {
  const provider = createProviderServer([new StubBackend()], { log: () => undefined });
  const { server } = createMcpSession(provider, { caps });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'repairs-test', version: '0' });
  await client.connect(b);
  const text = (r: object) => ((r as { content?: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('\n');
  return { client, text, close: () => client.close() };
}

/** `Repair: tool {args} — hint` → the tool and its arguments, which must parse with that tool's schema. */
function repairCall(text: string): { tool: string; args: unknown } {
  const m = /^Repair: (browser_[a-z_]+)(?: (\{.*?\}))?(?: — |$)/m.exec(text);
  if (m === null) throw new Error(`no repair naming a tool in:\n${text}`);
  return { tool: m[1] as string, args: m[2] !== undefined ? JSON.parse(m[2]) : {} };
}

describe('a refused browser_session', () => {
  it.each([[[] as Cap[]], [['config'] as Cap[]]])('with --caps %j repairs with a tool the server offers, with arguments it takes', async (caps) => {
    const s = await session(caps);
    try {
      const offered = new Set((await s.client.listTools()).tools.map((t) => t.name));
      expect(offered.has('browser_get_config')).toBe(caps.includes('config'));
      const r = await s.client.callTool({ name: 'browser_session', arguments: { browser: 'netscape' } });
      expect(r.isError).toBe(true);
      const said = s.text(r);
      expect(said).toMatch(/^Error unsupported_target \(browser_family\)/);
      expect(said).not.toContain('browser_families');
      expect(said).not.toContain('provider.describe');
      const { tool, args } = repairCall(said);
      expect(offered.has(tool)).toBe(true);
      expect(tool).toBe('browser_session');
      expect(TOOLS.find((t) => t.name === tool)?.input.safeParse(args).success).toBe(true);
      expect(args).toEqual({ browser: 'stub' });
    } finally {
      await s.close();
    }
  });
});

describe('repairs in a session’s words', () => {
  const callable = () => true;
  const plain = vocabularyFor(offeredTools(callable, new Set()));
  const withConfig = vocabularyFor(offeredTools(callable, new Set(['config', 'vision'])));

  it('names a tool only when the server offers it, else gives the hint alone', () => {
    const describe = { method: 'provider.describe', params: {}, hint: 'See what is offered.' } as const;
    expect(plain.repair(describe)).toBe('See what is offered.');
    expect(withConfig.repair(describe)).toBe('browser_get_config — See what is offered.');
    // A repair outside the catalog (a backend's own) whose method no tool does: no repair line at all.
    const error = plain.error({ code: 'not_ready', message: 'No.', retryable: false, details: { code: 'a_backends_own', repair: { method: 'jobs.get', params: { job_id: 'j1' }, hint: '' } } });
    expect(error.text).toBe('Error not_ready (a_backends_own): No.');
  });

  it('passes only the arguments the tool takes', () => {
    // page.mouse's repair for a press with nowhere to press: a move, which browser_mouse_move_xy takes as x and y only.
    const said = withConfig.repair({ method: 'page.mouse', params: { session_id: 's', page_id: 'p', action: 'move', x: 0, y: 0 }, hint: 'Move first.' });
    expect(said).toBe('browser_mouse_move_xy {"x":0,"y":0} — Move first.');
    expect(TOOLS.find((t) => t.name === 'browser_mouse_move_xy')?.input.safeParse({ x: 0, y: 0 }).success).toBe(true);
  });
});

/** Every set of `--caps` groups: 2^7 sessions' worth of offered tools. */
const CAP_SETS: Cap[][] = Array.from({ length: 1 << CAPS.length }, (_, bits) => CAPS.filter((_c, i) => (bits & (1 << i)) !== 0));

/** An entry raised with its example, as the MCP server receives it (the dispatcher's ids filled in). */
function wireError(entry: ErrorEntry<unknown>): ErrorObject {
  const repair = repairOf(entry, entry.example);
  const e = new ProviderError(entry.code, 'It failed.', { detail: entry.detail, details: { element_ref: 'e4', available: ['firefox', 'chrome'], format: 'YYYY-MM-DD' }, ...(repair ? { repair } : {}) });
  const r = e.details.repair;
  if (r !== undefined) r.params = { session_id: 's1', page_id: 'p1', ...r.params };
  return e.toEnvelope(null).error;
}

const PROTOCOL_NAMES = new Set<string>([...METHOD_NAMES, ...OWN_METHOD_NAMES]);
const TOOL_NAMES = new Set(TOOLS.map((t) => t.name));

describe('every repair of the error catalog, under every --caps set', () => {
  const entries = CATALOG.filter((e) => e.repair !== undefined);

  it.each(entries.map((e) => [`${e.code}/${e.detail}`, e] as const))('%s names an offered tool whose schema parses its arguments, or the hint alone', (_pair, entry) => {
    const error = wireError(entry);
    const preferred = entry.repair?.mcp?.({ method: error.details.repair?.method ?? '', hint: error.details.repair?.hint ?? '', details: error.details, params: error.details.repair?.params ?? {} }).calls.map((c) => c.tool);
    for (const caps of CAP_SETS) {
      for (const [engine, callable] of [['every method', () => true], ['core methods only', (m: string) => !m.includes('.') || ['page.', 'session.', 'provider.'].some((p) => m.startsWith(p))]] as const) {
        const offered = offeredTools(callable, new Set(caps));
        const names = new Set(offered.map((t) => t.name));
        const said = vocabularyFor(offered).error(error).text;
        const where = `${entry.detail} with --caps ${caps.join(',') || '(none)'}, ${engine}:\n${said}`;
        // Never a protocol method where the model reads a call, nor a tool this session does not list.
        const words = said.match(/\b[a-z]+\.[a-z_]+\b/g) ?? [];
        expect(words.filter((w) => PROTOCOL_NAMES.has(w)), where).toEqual([]);
        // (The cause in the first line's parentheses is a detail code, e.g. browser_family, not a tool.)
        expect((said.replace(/^Error [a-z_]+ \([a-z_]+\)/, '').match(/\bbrowser_[a-z_]+/g) ?? []).filter((t) => !names.has(t)), where).toEqual([]);
        const m = /^Repair: (browser_[a-z_]+)(?: (\{.*?\}))?(?: — |$)/m.exec(said);
        if (m === null) {
          // The hint alone: only when no tool the catalog (or the tool table) would name is offered.
          if (preferred !== undefined) expect(preferred.filter((t) => names.has(t)), where).toEqual([]);
          continue;
        }
        const tool = m[1] as string;
        const args: unknown = m[2] !== undefined ? JSON.parse(m[2]) : {};
        expect(names.has(tool), where).toBe(true);
        const parsed = TOOLS.find((t) => t.name === tool)?.input.safeParse(args);
        expect(parsed?.success, where).toBe(true);
        // A repair whose first tool is off names the first of its alternatives that is on.
        if (preferred !== undefined) expect(tool, where).toBe(preferred.find((t) => names.has(t)));
      }
    }
  });

  it('names only real tools in the catalog (a misspelt one would silently fall back to the hint)', () => {
    const named = entries.flatMap((e) => {
      const error = wireError(e);
      return e.repair?.mcp?.({ method: error.details.repair?.method ?? '', hint: error.details.repair?.hint ?? '', details: error.details, params: error.details.repair?.params ?? {} }).calls.map((c) => c.tool) ?? [];
    });
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((t) => !TOOL_NAMES.has(t))).toEqual([]);
  });

  it.each([
    // The cases, as a model reads them.
    ['unstable', 'Repair: browser_wait_for {"time":1} — It is still moving; wait a moment, then retry.'],
    ['file_input', 'Repair: browser_file_upload {"target":"e4","paths":["<absolute path of the file>"]}'],
    ['not_visible', 'Repair: browser_snapshot — It is not visible (hidden, or under another element)'],
    ['obscured', 'Repair: browser_snapshot — Another element covers it'],
    ['deadline', 'Repair: browser_snapshot — The page may still be loading'],
    ['drag_in_frame', 'Repair: browser_snapshot — Pick a drop target in the same frame as the source from a new snapshot.'],
  ])('%s says %s', (detail, start) => {
    const entry = CATALOG.find((e) => e.detail === detail);
    if (entry === undefined) throw new Error(`no entry ${detail}`);
    const said = vocabularyFor(offeredTools(() => true)).error(wireError(entry)).text;
    expect(said.split('\n')[1]?.startsWith(start), said).toBe(true);
    expect(said).not.toContain('to_point');
  });
});
