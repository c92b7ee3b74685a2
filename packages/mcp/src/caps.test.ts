import { mkdtempSync, readFileSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { knownTraits } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { CAPS, parseCaps } from './caps';
import { CallError } from './link';
import { depthLines } from './outline';
import { readInput, writeOutput } from './output';
import { offeredTools, TOOLS } from './tools';
import type { ToolContext } from './tool';

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

describe('filename: files under the output folder only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bp-out-'));
  const ctx = { config: { caps: [], allowEval: false, outputDir: dir } } as unknown as ToolContext;
  const refused = async (p: Promise<unknown>) => {
    const e = await p.then(() => undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(CallError);
    return (e as CallError).error;
  };

  it('writes a relative name (folders made) and answers the path; reads it back', async () => {
    const path = await writeOutput(ctx, 'a/b.txt', 'hello');
    expect(path.endsWith(join('a', 'b.txt'))).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('hello');
    expect(await readInput(ctx, 'a/b.txt')).toBe('hello');
  });

  it.each(['../x.txt', '/etc/passwd', 'a/../../x', '.', 'nul\0byte'])('refuses %j', async (name) => {
    expect(await refused(writeOutput(ctx, name, 'x'))).toMatchObject({ code: 'permission_denied', details: { code: 'path_escape', field: 'filename' } });
  });

  it('refuses a folder link that leads out and a file that is a link', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'bp-outside-'));
    symlinkSync(outside, join(dir, 'out'));
    expect((await refused(writeOutput(ctx, 'out/x.txt', 'x'))).details.code).toBe('path_escape');
    mkdirSync(join(dir, 'd'));
    symlinkSync(join(outside, 'target'), join(dir, 'd', 'link.txt'));
    expect((await refused(writeOutput(ctx, 'd/link.txt', 'x'))).details.code).toBe('path_escape');
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
