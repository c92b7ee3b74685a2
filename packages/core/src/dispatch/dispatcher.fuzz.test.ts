import fc from 'fast-check';
import { ERROR_CODES, METHOD_NAMES, ResponseEnvelope } from '@browser-provider/protocol';
import { describe, expect, it } from 'vitest';
import { Dispatcher } from './dispatcher';
import { Provider } from '../provider';
import { StubBackend } from '../testing/stub-backend';

/** Cases per property; the three properties together run well over 10,000 inputs per CI run. */
const RUNS = 4_000;

describe('dispatcher fuzz: every input gets exactly one valid envelope with a standard code', () => {
  const backend = new StubBackend();
  const provider = new Provider({ backend, log: () => undefined, defaultTimeoutMs: 2_000 });
  const d = new Dispatcher(provider);
  let sessionId = '';
  let total = 0;

  const check = async (input: unknown, expectedId: unknown) => {
    total++;
    const env = typeof input === 'string' ? await d.handleLine(input) : await d.handle(input);
    const parsed = ResponseEnvelope.safeParse(env);
    expect(parsed.success).toBe(true);
    if (!env.ok) {
      expect(ERROR_CODES).toContain(env.error.code);
      // Nothing the client sends may surface as an internal error: bad input is classified.
      expect(env.error.code).not.toBe('internal_error');
    }
    expect(env.id).toStrictEqual(expectedId);
  };

  const ids = fc.oneof(fc.string({ maxLength: 20 }), fc.integer());
  const methods = fc.oneof(
    fc.constantFrom(...METHOD_NAMES),
    fc.constantFrom('cdp.send', 'bidi.send', 'jobs.submit', 'page.', '', 'provider.describe.x'),
    fc.string({ maxLength: 30 }),
  );
  const targetFields = fc.record(
    {
      element_ref: fc.oneof(fc.constantFrom('e1', 'e2', 'e999', ''), fc.string({ maxLength: 8 })),
      selector: fc.oneof(fc.constantFrom('button', '!!', '#x', ''), fc.string({ maxLength: 12 })),
      text_query: fc.string({ maxLength: 12 }),
      url: fc.oneof(fc.webUrl(), fc.constantFrom('file:///etc/passwd', 'javascript:alert(1)', 'nope'), fc.string()),
      text: fc.string({ maxLength: 40 }),
      // Small deadlines keep unsatisfiable waits short; the property is about answers, not timing.
      timeout_ms: fc.oneof(fc.integer({ min: -5, max: 60 }), fc.double({ max: 60 }), fc.constant(null)),
      max_nodes: fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.string()),
      position: fc.oneof(fc.record({ x: fc.double(), y: fc.double() }), fc.anything()),
      page_id: fc.oneof(fc.constantFrom('page_1', 'page_2', 'page_404'), fc.string({ maxLength: 8 })),
      text_present: fc.string({ maxLength: 8 }),
      url_matches: fc.oneof(fc.constantFrom('/(/', '/ok/', '*x*'), fc.string({ maxLength: 8 })),
      client_session_id: fc.string({ maxLength: 8 }),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  );

  // Generated calls without timeout_ms run to the provider's default deadline (2 s here) at worst.
  const TEST_TIMEOUT = 240_000;

  it('arbitrary JSON values as requests', async () => {
    await fc.assert(fc.asyncProperty(fc.jsonValue(), async (v) => check(v, null_or_id(v))), { numRuns: RUNS });
  }, TEST_TIMEOUT);

  it('arbitrary text lines, most of them not JSON', async () => {
    const lines = fc.oneof(fc.string({ maxLength: 200 }), fc.json().map((j) => j.slice(0, Math.max(1, j.length - 1))), fc.string({ unit: 'grapheme', maxLength: 50 }));
    await fc.assert(
      fc.asyncProperty(lines, async (line) => {
        let expected: unknown = null;
        try {
          expected = null_or_id(JSON.parse(line));
        } catch {
          /* not JSON: id is null */
        }
        await check(line, expected);
      }),
      { numRuns: RUNS },
    );
  }, TEST_TIMEOUT);

  it('well-formed envelopes with generated methods and params, against a live session', async () => {
    const s = await d.handle({ protocol_version: '0.1', id: 0, method: 'session.ensure', params: {} });
    if (!s.ok) throw new Error('no session');
    sessionId = (s.result as { session_id: string }).session_id;
    await fc.assert(
      fc.asyncProperty(ids, methods, targetFields, fc.boolean(), async (id, method, fields, withSession) => {
        const params: Record<string, unknown> = { ...fields };
        if (withSession) params.session_id = sessionId;
        if ((method === 'session.close' && withSession) || method === 'session.ensure') params.session_id = 'not-this-one';
        await check({ protocol_version: '0.1', id, method, params }, id);
      }),
      { numRuns: RUNS },
    );
    // The server still serves after all of it.
    const after = await d.handle({ protocol_version: '0.1', id: 'last', method: 'page.snapshot', params: { session_id: sessionId } });
    expect(after.ok).toBe(true);
    process.stderr.write(`dispatcher fuzz: ${total} generated inputs, each answered with one valid envelope\n`);
    expect(total).toBeGreaterThanOrEqual(3 * RUNS);
  }, TEST_TIMEOUT);
});

/** The id a reply must carry: the request's own when it is a string or number, else null. */
function null_or_id(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const id = (v as Record<string, unknown>).id;
  return typeof id === 'string' && id.length <= 256 ? id : typeof id === 'number' ? id : null;
}
