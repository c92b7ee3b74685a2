import { knownTraits } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { CAPS, parseCaps } from './caps';
import { depthLines } from './outline';
import { offeredTools, TOOLS } from './tools';

describe('--caps', () => {
  it('takes Playwright MCP’s group names, comma-separated, and refuses others by name', () => {
    expect(parseCaps('storage, network,storage')).toEqual(['storage', 'network']);
    expect(parseCaps('')).toEqual([]);
    expect(() => parseCaps('storage,tracing')).toThrow(/unknown "tracing"; the groups are vision, pdf, storage/);
  });

  it('offers a group’s tools only when the group is on, and every group tool names a known group', () => {
    const grouped = TOOLS.filter((t) => t.cap !== undefined);
    expect(grouped.length).toBeGreaterThan(0);
    for (const t of grouped) expect(CAPS).toContain(t.cap);
    // Every method callable except the gated ones, as on a server started without flags.
    const callable = (m: string) => knownTraits(m)?.gate === undefined;
    const off = offeredTools(callable).map((t) => t.name);
    const on = offeredTools(callable, new Set(CAPS)).map((t) => t.name);
    for (const t of grouped) {
      expect(off).not.toContain(t.name);
      if (t.gate === undefined) expect(on).toContain(t.name);
    }
    expect(offeredTools(callable, new Set(['testing'])).map((t) => t.name)).toContain('browser_verify_text_visible');
    expect(offeredTools(callable, new Set(['testing'])).map((t) => t.name)).not.toContain('browser_get_config');
  });
});

describe('depth', () => {
  it('keeps the lines at most depth levels below the top', () => {
    const text = ['- main', '  - list', '    - item "a"', '  - button "b"'].join('\n');
    expect(depthLines(text, 0)).toBe('- main');
    expect(depthLines(text, 1)).toBe('- main\n  - list\n  - button "b"');
    expect(depthLines(text, 5)).toBe(text);
  });
});
