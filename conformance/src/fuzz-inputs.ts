import fc from 'fast-check';
import { METHODS, METHOD_NAMES, isMethodName } from '@browser-provider/protocol';
import { FIXTURE } from './fixtures/pages';

/**
 * Generators for the live-server fuzz (fuzz.browser.test.ts): requests that look like a client's,
 * built from real ids and refs so many of them reach a handler, plus lines no client should send.
 * Kept apart from the test so the shapes can be read (and reused) on their own.
 */

export interface FuzzWorld {
  origin: string;
  session_id: string;
  page_id: string;
  refs: string[];
  /** What provider.describe offers: core, optional and custom method names. */
  offered: string[];
}

/** Method names: every normalized one, the extension namespaces, and names that exist nowhere. */
const CUSTOM = ['requests.cancel', 'jobs.submit', 'jobs.get', 'jobs.cancel', 'jobs.list', 'cdp.send', 'bidi.send', 'chrome.performance_metrics', 'firefox.nope'];
const BOGUS = ['', 'page', 'page.', '.click', 'PAGE.CLICK', 'page.click ', 'provider.describe\n', '__proto__', 'constructor', 'toString', 'page.click.extra', 'x'.repeat(300)];

/** Mostly what the provider offers (so requests reach handlers), then everything else. */
export function methodArb(offered: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...(offered.length ? offered : METHOD_NAMES)) },
    { weight: 2, arbitrary: fc.constantFrom(...METHOD_NAMES) },
    { weight: 1, arbitrary: fc.constantFrom(...CUSTOM) },
    { weight: 1, arbitrary: fc.constantFrom(...BOGUS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
}

/** Values that fit no field, to put where the schema wants something else. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.constantFrom(-1, 0, 1e12, Number.MAX_SAFE_INTEGER),
  fc.string({ maxLength: 30 }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}') as unknown),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** URLs a page may be sent to: the fixture's fast pages, data:/about:, and ones a provider must refuse. */
function urlArb(w: FuzzWorld): fc.Arbitrary<unknown> {
  const fixture = [FIXTURE.home.path, FIXTURE.form.path, FIXTURE.delayed.path, '/missing'].map((p) => new URL(p, w.origin).href);
  return fc.oneof(
    fc.constantFrom(...fixture),
    fc.constantFrom('about:blank', 'data:text/html,<button>x</button>', 'data:text/plain,hi'),
    fc.constantFrom('file:///etc/passwd', 'javascript:alert(1)', 'not a url', '', 'http://', 'chrome://version', 'about:config'),
    junk,
  );
}

/** Mostly one of the plausible values, sometimes junk: so that most requests pass validation. */
function mostly(...valid: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  const plausible = valid.filter((a) => a !== junk);
  return fc.oneof({ weight: 5, arbitrary: fc.oneof(...plausible) }, { weight: 1, arbitrary: junk });
}

/** A parameter pool: names the methods use, each with plausible and implausible values. */
function paramArbs(w: FuzzWorld): Record<string, fc.Arbitrary<unknown>> {
  const ref = mostly(fc.constantFrom(...(w.refs.length ? w.refs : ['e1'])), fc.constantFrom('e0', 'e999999', 'e-1', ''), junk);
  const small = fc.integer({ min: 1, max: 600 });
  return {
    page_id: mostly(fc.constant(w.page_id), fc.constantFrom('p999', ''), junk),
    element_ref: ref,
    element_ref_present: ref,
    url: urlArb(w),
    text: mostly(fc.string({ maxLength: 40 }), junk),
    text_query: mostly(fc.constantFrom(FIXTURE.home.button, FIXTURE.home.link, 'nothing like this'), fc.string({ maxLength: 10 }), junk),
    text_present: mostly(fc.constantFrom(FIXTURE.home.heading, FIXTURE.neverPresent), fc.string({ maxLength: 10 }), junk),
    text_absent: mostly(fc.constantFrom(FIXTURE.home.heading, FIXTURE.neverPresent), junk),
    selector: mostly(fc.constantFrom('button', '#press', 'a[href]', '[[[', 'div >>> x', ':has(', '*'), fc.string({ maxLength: 10 }), junk),
    selector_present: mostly(fc.constantFrom('button', '#nope', '[['), junk),
    key: mostly(fc.constantFrom('Enter', 'Tab', 'Control+A', 'Shift+Meta+Z', 'NotAKey', ''), junk),
    position: mostly(fc.record({ x: fc.integer({ min: -10, max: 900 }), y: fc.integer({ min: -10, max: 700 }) }), junk),
    values: mostly(fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }), junk),
    files: mostly(fc.constant([{ name: 'a.txt', data_base64: 'aGk=' }]), fc.constant([{ path: '/etc/passwd' }]), junk),
    mode: mostly(fc.constantFrom('full', 'interactive', 'nope'), junk),
    since_rev: mostly(fc.nat(20), junk),
    max_text_chars: mostly(fc.integer({ min: 1, max: 2_000 }), junk),
    rev: mostly(fc.nat(20), junk),
    new_page: mostly(fc.boolean(), junk),
    wait_until: mostly(fc.constantFrom('load', 'domcontentloaded', 'networkidle', 'provider_default', 'never'), junk),
    full_page: mostly(fc.boolean(), junk),
    clip: mostly(fc.record({ x: small, y: small, width: small, height: small }), junk),
    delta_y: mostly(fc.integer({ min: -500, max: 500 }), junk),
    tab_id: mostly(fc.constantFrom('t999', ''), junk),
    job_id: mostly(fc.constantFrom('j1', 'j999'), junk),
    request_id: mostly(fc.constantFrom('c1', 42), junk),
    steps: mostly(
      fc.constant([{ method: 'page.snapshot', params: { timeout_ms: 500 } }]),
      fc.constant([{ method: 'session.close', params: {} }]),
      junk,
    ),
    expression: mostly(fc.constant('1+1'), junk),
    client_session_id: mostly(fc.constantFrom('fuzz-a', 'fuzz-b'), junk),
    isolation: mostly(fc.constantFrom('per_jcode_session', 'shared', 'bogus'), junk),
    attach: mostly(fc.constantFrom('never', 'prefer', 'require'), junk),
    include_screenshot: mostly(fc.boolean(), junk),
    unknown_field: junk,
  };
}

/** Small deadlines keep a 1,500-case run inside its budget; a few invalid ones test the validation. */
const timeoutArb = fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 50, max: 1_000 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -5, 1.5, 600_001, 'fast', null) });

export interface FuzzCall {
  method: string;
  params: Record<string, unknown>;
}

/**
 * A request with 0–6 pooled params, the real session most of the time, and always a timeout_ms
 * (a wait without one would hold a session for the 30 s default). Three guards keep the fuzz from
 * cutting off its own branch: our session and its page are never closed, and session.ensure always
 * names a pooled client id (otherwise every such case would start a new browser context).
 */
export function callArb(w: FuzzWorld): fc.Arbitrary<FuzzCall> {
  const pool = paramArbs(w);
  const names = Object.keys(pool);
  // Most requests use the method's own parameter names (read from its schema), so they reach a handler.
  const shape = (method: string) =>
    Object.keys((isMethodName(method) ? (METHODS[method].params as unknown as { shape?: Record<string, unknown> }) : undefined)?.shape ?? {});
  const own = (method: string) => {
    const keys = shape(method).filter((k) => k in pool);
    return keys.length ? keys : names;
  };
  const session = fc.oneof({ weight: 8, arbitrary: fc.constant(w.session_id) }, { weight: 1, arbitrary: fc.constantFrom('s999', '') }, { weight: 1, arbitrary: junk });
  const build = (method: string, keys: string[], session_id: unknown, timeout_ms: unknown, wellFormed: boolean) =>
    fc.tuple(...keys.map((k) => pool[k] as fc.Arbitrary<unknown>)).map((values): FuzzCall => {
      const scoped = !wellFormed || shape(method).includes('session_id') || !isMethodName(method);
      const params: Record<string, unknown> = { ...(scoped ? { session_id } : {}), timeout_ms };
      keys.forEach((k, i) => (params[k] = values[i]));
      if ((method === 'session.close' || method === 'tab.close') && params.session_id === w.session_id) params.session_id = 's999';
      if (method === 'session.ensure') params.client_session_id = 'fuzz-pooled';
      return { method, params };
    });
  return fc
    .record({ method: methodArb(w.offered), session_id: session, timeout_ms: timeoutArb, wellFormed: fc.boolean() })
    .chain(({ method, session_id, timeout_ms, wellFormed }) =>
      fc
        .uniqueArray(fc.constantFrom(...(wellFormed ? own(method) : names)), { maxLength: wellFormed ? 4 : 6 })
        .chain((keys) => build(method, keys, session_id, timeout_ms, wellFormed)),
    );
}

/** Lines that are not a request a client could send: the answer must be one `id: null` error each. */
export const malformedLineArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }).filter((s) => !s.includes('\n') && !s.includes('\r') && s.trim() !== '' && !isJson(s)),
  fc.constantFrom('{', '}', '[', '{"id":', 'nul', '{"protocol_version":"0.1","id":"x"', '\u0000', '{}}', '{"a":1}{"b":2}'),
  fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)).map((v) => JSON.stringify(v)),
  fc
    .record({
      protocol_version: fc.constant('0.1'),
      method: fc.constant('provider.status'),
      id: fc.oneof(fc.boolean(), fc.constant(null), fc.object({ maxDepth: 1 }), fc.string({ minLength: 257, maxLength: 300 })),
    })
    .map((v) => JSON.stringify(v)),
  fc.constant(`{"protocol_version":"0.1","method":"provider.status","params":${'['.repeat(5_000)}${']'.repeat(5_000)}}`),
  fc.constant(`{"protocol_version":"0.1","method":"provider.status","junk":"${'x'.repeat(200_000)}"`),
);

/** Envelopes with a good id but something else wrong: answered with that id. */
export function badEnvelopeArb(): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      protocol_version: fc.oneof(fc.constantFrom('0.1', '0.2', '1', ''), junk),
      method: fc.oneof(methodArb([]), junk),
      params: fc.oneof(fc.constant({}), fc.constant([]), fc.constant(null), fc.constant('params'), junk),
      extra: junk,
    },
    { requiredKeys: [] },
  );
}

function isJson(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}
