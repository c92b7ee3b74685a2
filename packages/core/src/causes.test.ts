import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORE_CAUSES } from './causes';

/** Every `new ProviderError('code', …, { detail: 'x' …` in core's sources, as `code/x`. */
function raisedInSource(): Set<string> {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('testing'));
  const found = new Set<string>();
  const re = /new ProviderError\(\s*'([a-z_]+)'[\s\S]{0,400}?detail: '([a-z_]+)'/g;
  for (const f of files) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(re)) found.add(`${m[1]}/${m[2]}`);
  }
  return found;
}

describe('the cause table', () => {
  it('lists every (code, detail) pair core raises, so docs/errors.md is complete', () => {
    const listed = new Set(CORE_CAUSES.map((c) => `${c.code}/${c.detail}`));
    const raised = raisedInSource();
    expect(raised.size).toBeGreaterThan(20);
    expect([...raised].filter((r) => !listed.has(r))).toEqual([]);
  });

  it('has one entry per detail code', () => {
    const details = CORE_CAUSES.map((c) => c.detail);
    expect(new Set(details).size).toBe(details.length);
  });
});
