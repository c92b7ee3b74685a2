import { readFileSync } from 'node:fs';
import { CAPS } from '@browser-provider/mcp';
import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../browsers';
import { pinnedVersion } from './live';
import { loadReasons, loadSnapshot, type PlaywrightSnapshot, type Reasons } from './model';
import { ourTools } from './ours';
import { compare, render } from './table';

/**
 * The compatibility table as a check: every default tool and argument of the pinned Playwright MCP is
 * ours or has a reason, and docs/mcp-compatibility.md is what the generator writes now.
 */
describe('compatibility with the pinned Playwright MCP', async () => {
  const snapshot = loadSnapshot();
  const reasons = loadReasons();
  const ours = await ourTools();

  it('has a snapshot of the pinned version', () => {
    expect(snapshot.version).toBe(pinnedVersion());
    expect(snapshot.tools.filter((t) => t.group === 'default').length).toBeGreaterThan(0);
  });

  it('offers every default tool and argument, or says why not', () => {
    expect(compare(snapshot, ours, BROWSERS, reasons).problems).toEqual([]);
  });

  it('keeps docs/mcp-compatibility.md up to date (pnpm docs)', () => {
    const doc = readFileSync(new URL('../../../../docs/mcp-compatibility.md', import.meta.url), 'utf8');
    expect(doc).toBe(render(snapshot, compare(snapshot, ours, BROWSERS, reasons), BROWSERS, reasons, CAPS));
  });

  // The check itself: a gap without a reason is named, with the key that would explain it.
  const pw: PlaywrightSnapshot = {
    package: '@playwright/mcp',
    version: 'x',
    tools: [
      { name: 'browser_a', group: 'default', description: '', args: [{ name: 'one', required: false }, { name: 'two', required: false }] },
      { name: 'browser_b', group: 'default', description: '', args: [] },
      { name: 'browser_c', group: 'vision', description: '', args: [] },
    ],
  };
  const mine = [{ name: 'browser_a', args: ['one'], engines: ['firefox'] }];
  const none: Reasons = { tools: {}, args: {}, engines: {} };

  it('fails on a default tool, argument or engine gap without a reason, not on an opt-in tool', () => {
    expect(compare(pw, mine, ['firefox', 'safari'], none).problems).toEqual([
      'browser_a: not offered on safari, and reasons.json\'s "engines" has no "browser_a@safari"',
      'browser_a: we do not accept its argument two, and reasons.json\'s "args" has no "browser_a.two"',
      'browser_b: a default tool of Playwright MCP x we do not offer, and reasons.json\'s "tools" does not say why',
    ]);
  });

  it('passes when reasons.json says why, and shows the reasons in the table', () => {
    const why: Reasons = { tools: { browser_b: 'B is theirs.' }, args: { 'browser_a.two': 'Two is theirs.' }, engines: { 'browser_a@safari': 'No such event.' } };
    const c = compare(pw, mine, ['firefox', 'safari'], why);
    expect(c.problems).toEqual([]);
    const text = render(pw, c, ['firefox', 'safari'], why, ['vision']);
    expect(text).toContain('| `browser_a` | firefox | `one` | `two` | — | safari: No such event. `two`: Two is theirs. |');
    expect(text).toContain('**Default tools offered: 1/2. Opt-in tools offered: 0/1.**');
  });
});
