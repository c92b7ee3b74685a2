import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createProviderServer } from '@browser-provider/core';
import { StubBackend } from '@browser-provider/core/testing';
import { describe, expect, it } from 'vitest';
import type { Cap } from './caps';
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
    const error = plain.error({ code: 'unsupported_method', message: 'No.', retryable: false, details: { code: 'unknown_method', repair: { method: 'jobs.get', params: { job_id: 'j1' }, hint: '' } } });
    expect(error.text).toBe('Error unsupported_method (unknown_method): No.');
  });

  it('passes only the arguments the tool takes', () => {
    // page.mouse's repair for a press with nowhere to press: a move, which browser_mouse_move_xy takes as x and y only.
    const said = withConfig.repair({ method: 'page.mouse', params: { session_id: 's', page_id: 'p', action: 'move', x: 0, y: 0 }, hint: 'Move first.' });
    expect(said).toBe('browser_mouse_move_xy {"x":0,"y":0} — Move first.');
    expect(TOOLS.find((t) => t.name === 'browser_mouse_move_xy')?.input.safeParse({ x: 0, y: 0 }).success).toBe(true);
  });
});
