import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { METHODS, OWN_METHODS, isMethodName, isOwnMethodName, type Repair } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { ProviderError } from './errors';
import { allowedPath } from '../toolkit/paths';
import { W3C_ERROR_TABLE } from '../toolkit/w3c/errors';
import { CATALOG, ERRORS, catalogEntry, raise, readyToSend, repairOf } from '.';

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

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** The engine packages and the MCP server: they still build some errors by hand, each checked below against its entry. */
const byHandPackages = ['bidi', 'chrome', 'firefox', 'classic', 'safari', 'grid', 'mcp'].flatMap((pkg) =>
  (readdirSync(join(root, pkg, 'src'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ file: `${pkg}/${f.replaceAll('\\', '/')}`, text: readFileSync(join(root, pkg, 'src', f), 'utf8') })),
);

/** `new ProviderError('code', …, { detail: 'x', … repair: { method: 'm'`: raise sites that build the error by hand. */
function rawRaises(files: ReadonlyArray<{ file: string; text: string }>): Array<{ file: string; pair: string; method: string | undefined }> {
  const out: Array<{ file: string; pair: string; method: string | undefined }> = [];
  const re = /new ProviderError\(\s*'([a-z_]+)'[\s\S]{0,400}?detail: '([a-z_]+)'([\s\S]{0,600}?)\n\s*\}\);?\n/g;
  for (const { file, text } of files) {
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

  it('is the only way core raises: no ProviderError built by hand outside it', () => {
    // catalog/errors.ts defines the class and wraps an unknown throwable as internal_error; entry.ts is
    // `raise`; toolkit/w3c/errors.ts builds from the W3C table's rows, which the next test holds to the catalog.
    const builders = ['catalog/errors.ts', 'catalog/entry.ts', 'toolkit/w3c/errors.ts'];
    const byHand = sources.filter((s) => /new ProviderError\(/.test(s.text)).map((s) => s.file.replaceAll('\\', '/'));
    expect(byHand.filter((f) => !builders.includes(f))).toEqual([]);
  });

  it('leaves out an optional repair unless the raise site asks for it', () => {
    // invalid_params' page.mouse repair fits only a press without a point; page.select's missing values must not be told to move the mouse.
    expect(raise(ERRORS.invalid_params, 'values: required', undefined, { details: { field: 'values' } }).details.repair).toBeUndefined();
    expect(raise(ERRORS.invalid_params, 'x, y: no point yet', { session_id: 's1', page_id: 'p1' }, { withRepair: true }).details.repair).toMatchObject({ method: 'page.mouse', params: { action: 'move' } });
  });

  it('repeats the called method on ambiguous, leaving out a param too big to echo and saying so', () => {
    const e = raise(ERRORS.ambiguous, 'm', { method: 'page.type', params: { session_id: 's1', page_id: 'p1', selector: 'input', rev: 3, text: 'x'.repeat(5000), submit: true }, element_ref: 'e7' });
    expect(e.details.repair).toEqual({ method: 'page.type', params: { session_id: 's1', page_id: 'p1', submit: true, element_ref: 'e7' }, hint: 'Repeat page.type with the element_ref of the candidate you mean (and your text, left out here for size).' });
  });

  it('is the way the engine packages raise too: by hand only in classic\'s table of its own transport errors', () => {
    // classic/errors.ts builds from its rows (driver_unreachable, driver_exited, driver_timeout), as the W3C table does; the MCP server is checked pair by pair below.
    const byHand = byHandPackages.filter((s) => !s.file.startsWith('mcp/') && /new ProviderError\(/.test(s.text)).map((s) => s.file);
    expect(byHand).toEqual(['classic/errors.ts']);
  });

  it('lists every (code, detail) pair the engine packages and the MCP server raise by hand, under its own code', () => {
    const raised = byHandPackages.flatMap(({ file, text }) => [...text.matchAll(/new ProviderError\(\s*'([a-z_]+)'[\s\S]{0,400}?detail: '([a-z_]+)'/g)].map((m) => `${file}: ${m[1]}/${m[2]}`));
    // A detail answered under another code than its entry's (classic's closed session once answered browser_not_running) is missing here.
    expect(raised.filter((r) => catalogEntry(...(r.split(': ')[1]?.split('/') as [string, string])) === undefined)).toEqual([]);
  });

  it('has a hand-built raise of the engine packages name only a repair method its entry declares', () => {
    const drift = rawRaises(byHandPackages).flatMap((r) => {
      const [code, detail] = r.pair.split('/') as [string, string];
      const spec = catalogEntry(code, detail)?.repair;
      const allowed = spec === undefined ? [] : [spec.method, ...(spec.also ?? [])];
      return r.method !== undefined && !allowed.includes(r.method as never) ? [`${r.file}: ${r.pair} names ${r.method}, the catalog ${allowed.join(' or ') || 'none'}`] : [];
    });
    expect(drift).toEqual([]);
  });

  it.each([['upload.set_files (the default)', undefined], ['page.drop', 'page.drop'], ['firefox.install_extension', 'firefox.install_extension']])('refuses a server path given to %s with a repair its method\'s schema takes', (_name, method) => {
    // The upload refusal once named upload.set_files with no files, a call that fails its own schema.
    let refused: unknown;
    try {
      allowedPath([], '/etc/passwd', 'files.0.path', method !== undefined ? { method } : {});
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(ProviderError);
    const e = refused as ProviderError;
    readyToSend(e, { session_id: 's1', page_id: 'p1' });
    const repair = e.details.repair as Repair | undefined;
    expect(e.details.code).toBe('path_not_allowed');
    const parsed = paramsSchema(repair?.method ?? '')?.safeParse(repair?.params);
    expect(parsed?.success ? 'ok' : `${repair?.method}: ${parsed?.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') ?? 'no such method'}`).toBe('ok');
    expect(repair?.hint).toContain(method ?? 'upload.set_files');
  });

  it('agrees with the W3C table wherever a row answers one of its causes', () => {
    const disagree = W3C_ERROR_TABLE.flatMap((r) => {
      const entry = CATALOG.find((e) => e.detail === r.detail);
      if (entry === undefined) return [];
      const methods = entry.repair === undefined ? [] : [entry.repair.method, ...(entry.repair.also ?? [])];
      return [
        ...(entry.code !== r.code || entry.retryable !== r.retryable ? [`${r.error}: ${r.code}/${r.detail} retryable ${r.retryable}; catalog ${entry.code} retryable ${entry.retryable}`] : []),
        // A row without a repair gets the entry's from readyToSend; one with its own must name the entry's method (move target out of bounds once named page.snapshot, the catalog only page.screenshot).
        ...(r.repair !== undefined && !methods.includes(r.repair.method as never) ? [`${r.error}: repair ${r.repair.method}; catalog ${methods.join(' or ') || 'none'}`] : []),
      ];
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
