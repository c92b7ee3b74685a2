import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { METHODS, OWN_METHODS, isMethodName, isOwnMethodName, type Repair } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../errors';
import { W3C_ERROR_TABLE } from '../w3c/errors';
import { CATALOG, catalogEntry, readyToSend, repairOf } from '.';

/** The params schema of a method the provider defines (core or our own namespaced ones). */
function paramsSchema(method: string) {
  if (isMethodName(method)) return METHODS[method].params;
  if (isOwnMethodName(method)) return OWN_METHODS[method].params;
  return undefined;
}

/** An entry's repair as a client reads it: built from the entry's example, then completed with the call's ids as the dispatcher does. */
function rendered(entry: (typeof CATALOG)[number]): Repair | undefined {
  const e = new ProviderError(entry.code, 'm', { detail: entry.detail, ...(entry.repair ? { repair: repairOf(entry, entry.example) } : {}) });
  readyToSend(e, { session_id: 's1', page_id: 'p1' });
  return e.details.repair as Repair | undefined;
}

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const sources = (readdirSync(srcDir, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('testing'))
  .map((f) => ({ file: f, text: readFileSync(join(srcDir, f), 'utf8') }));

/** `new ProviderError('code', …, { detail: 'x', … repair: { method: 'm'` in core's sources: raise sites that predate the catalog. */
function rawRaises(): Array<{ file: string; pair: string; method: string | undefined }> {
  const out: Array<{ file: string; pair: string; method: string | undefined }> = [];
  const re = /new ProviderError\(\s*'([a-z_]+)'[\s\S]{0,400}?detail: '([a-z_]+)'([\s\S]{0,600}?)\n\s*\}\);?\n/g;
  for (const { file, text } of sources) {
    for (const m of text.matchAll(re)) out.push({ file, pair: `${m[1]}/${m[2]}`, method: /repair: \{ method: '([a-z_.]+)'/.exec(m[3] ?? '')?.[1] });
  }
  return out;
}

describe('the error catalog', () => {
  it('has one entry per detail code', () => {
    const details = CATALOG.map((e) => e.detail);
    expect(details.length).toBeGreaterThan(60);
    expect(details.filter((d, i) => details.indexOf(d) !== i)).toEqual([]);
  });

  it.each(CATALOG.filter((e) => e.repair !== undefined).map((e) => [`${e.code}/${e.detail}`, e] as const))('%s: the repair validates against its method\'s params schema', (_pair, entry) => {
    const repair = rendered(entry);
    expect(repair).toBeDefined();
    if (repair === undefined) return;
    const declared = [entry.repair?.method, ...(entry.repair?.also ?? [])];
    // "(the method called)" repeats the refused call: its example names the method.
    expect(declared).toContain(declared.includes('(the method called)') ? '(the method called)' : repair.method);
    const schema = paramsSchema(repair.method);
    expect(schema, `${repair.method} is a method of the table`).toBeDefined();
    const parsed = schema?.safeParse(repair.params);
    expect(parsed?.success ? 'ok' : parsed?.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')).toBe('ok');
    expect(repair.hint.length).toBeGreaterThan(10);
  });

  it('lists every (code, detail) pair core raises, so docs/errors.md is complete', () => {
    const raw = rawRaises();
    expect(raw.length).toBeGreaterThan(20);
    expect(raw.filter((r) => catalogEntry(r.pair.split('/')[0] as string, r.pair.split('/')[1]) === undefined).map((r) => `${r.file}: ${r.pair}`)).toEqual([]);
  });

  it('has a raise site that predates it name only a method its entry declares', () => {
    const drift = rawRaises().flatMap((r) => {
      const [code, detail] = r.pair.split('/') as [string, string];
      const spec = catalogEntry(code, detail)?.repair;
      const allowed = spec === undefined ? [] : [spec.method, ...(spec.also ?? [])];
      return r.method !== undefined && !allowed.includes(r.method as never) ? [`${r.file}: ${r.pair} names ${r.method}, the catalog ${allowed.join(' or ') || 'none'}`] : [];
    });
    expect(drift).toEqual([]);
  });

  it('is the only way the files it replaced raise: no ProviderError built by hand in them', () => {
    const converted = ['repair.ts', 'gates.ts', 'dispatcher.ts', 'engine-check.ts', 'provider.ts', 'toolkit/refusals.ts', 'toolkit/engine-options.ts', 'ops/actionability.ts', 'ops/actions.ts', 'ops/frames.ts', 'ops/drag.ts'];
    expect(sources.filter((s) => converted.includes(s.file.replaceAll('\\', '/')) && s.text.includes('new ProviderError(')).map((s) => s.file)).toEqual([]);
  });

  it('agrees with the W3C table wherever a row answers one of its causes', () => {
    const disagree = W3C_ERROR_TABLE.flatMap((r) => {
      const entry = CATALOG.find((e) => e.detail === r.detail);
      return entry !== undefined && (entry.code !== r.code || entry.retryable !== r.retryable) ? [`${r.error}: ${r.code}/${r.detail} retryable ${r.retryable}; catalog ${entry.code} retryable ${entry.retryable}`] : [];
    });
    expect(disagree).toEqual([]);
  });

  it('gives a cause raised without its repair the entry\'s, when it needs only the call\'s ids', () => {
    // A backend's W3C row for `no such history entry` carries no repair; the catalog's is page.snapshot.
    const e = new ProviderError('invalid_request', 'There is nothing to go back to.', { detail: 'no_history_entry' });
    readyToSend(e, { session_id: 's1', page_id: 'p1' });
    expect(e.details.repair).toEqual({ method: 'page.snapshot', params: { session_id: 's1', page_id: 'p1' }, hint: 'The page is where it was; take a snapshot to see it.' });
    const noted = new ProviderError('invalid_request', 'x: bad', { detail: 'invalid_params' });
    readyToSend(noted, { session_id: 's1' });
    expect(noted.details.repair).toBeUndefined();
  });
});
