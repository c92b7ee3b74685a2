import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { ERROR_CODES, METHODS, type ResponseEnvelope } from '@browser-provider/protocol';
import { expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing/engines';
import { ProviderClient } from './client';
import { FIXTURE } from './fixtures/pages';
import { startFixtureServer } from './fixtures/server';
import { badEnvelopeArb, callArb, malformedLineArb, type FuzzWorld } from './fuzz-inputs';

/**
 * Live-server fuzz: one real provider (Chrome by default — the BiDi path two engines share; override
 * with CONFORMANCE_FUZZ_BROWSER=firefox|safari), one session on a fixture page, then ~1,500 generated
 * inputs. Every input must get exactly one schema-valid envelope with a standard code, never
 * `internal_error`, within its deadline plus slack; afterwards the server must still serve.
 * Reproduce a run with CONFORMANCE_FUZZ_SEED=<seed printed below>.
 */
const CLI = fileURLToPath(new URL('../../apps/cli/bin/browser-provider.js', import.meta.url));
const BROWSER = process.env.CONFORMANCE_FUZZ_BROWSER ?? 'chrome';
const SEED = Number(process.env.CONFORMANCE_FUZZ_SEED ?? Date.now() % 2 ** 31);
const CASES = { calls: 1_200, envelopes: 200, lines: 150 };
const CONCURRENCY = 6;
/** Beyond a call's own timeout_ms: queueing behind other calls of the session, a loaded machine. */
const ANSWER_SLACK_MS = 10_000;

interface Tally {
  cases: number;
  ok: number;
  codes: Record<string, number>;
  internal: string[];
}

function record(t: Tally, what: string, r: ResponseEnvelope): void {
  t.cases++;
  if (r.ok) {
    t.ok++;
    return;
  }
  expect(ERROR_CODES).toContain(r.error.code);
  t.codes[r.error.code] = (t.codes[r.error.code] ?? 0) + 1;
  if (r.error.code === 'internal_error') t.internal.push(`${what} → ${r.error.message}`);
}

/** Runs `work` over `items` with a few in flight at once, as a busy client would. */
async function pool<T>(items: readonly T[], work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await work(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

describeEngine(BROWSER)(`live fuzz against serve --browser ${BROWSER}`, () => {
  it('answers every generated input with exactly one valid envelope and keeps serving', { timeout: 240_000 }, async () => {
    await using fixture = await startFixtureServer();
    const client = new ProviderClient({ command: [process.execPath, CLI, 'serve', '--browser', BROWSER], defaultTimeoutMs: 60_000 });
    const tally: Tally = { cases: 0, ok: 0, codes: {}, internal: [] };
    const started = performance.now();
    try {
      const ensured = await client.call('session.ensure', { client_session_id: 'fuzz-main' });
      if (!ensured.ok) throw new Error(`session.ensure: ${ensured.error.message}`);
      const session = METHODS['session.ensure'].result.parse(ensured.result);
      const opened = await client.call('page.open', { session_id: session.session_id, url: new URL(FIXTURE.home.path, fixture.origin).href });
      if (!opened.ok) throw new Error(`page.open: ${opened.error.message}`);
      const snap = await client.call('page.snapshot', { session_id: session.session_id });
      if (!snap.ok) throw new Error(`page.snapshot: ${snap.error.message}`);
      const described = await client.call('provider.describe');
      if (!described.ok) throw new Error(`provider.describe: ${described.error.message}`);
      const caps = METHODS['provider.describe'].result.parse(described.result).capabilities;
      const world: FuzzWorld = {
        offered: [...caps.core_methods, ...caps.optional_methods, ...caps.custom_methods.map((m) => m.name)],
        origin: fixture.origin,
        session_id: session.session_id,
        page_id: session.default_page_id,
        refs: METHODS['page.snapshot'].result.parse(snap.result).elements.map((e) => e.element_ref),
      };

      const calls = fc.sample(callArb(world), { numRuns: CASES.calls, seed: SEED });
      await pool(calls, async ({ method, params }) => {
        const budget = (typeof params.timeout_ms === 'number' && params.timeout_ms > 0 ? Math.min(params.timeout_ms, 600_000) : 0) + ANSWER_SLACK_MS;
        record(tally, `${method} ${JSON.stringify(params).slice(0, 200)}`, await client.call(method, params, { timeoutMs: budget }));
      });

      const envelopes = fc.sample(badEnvelopeArb(), { numRuns: CASES.envelopes, seed: SEED + 1 });
      await pool(envelopes, async (envelope, i) => {
        const r = await client.callRaw({ ...envelope, id: i % 2 ? `fz-${i}` : 1_000_000 + i }, { timeoutMs: ANSWER_SLACK_MS });
        record(tally, `raw ${JSON.stringify(envelope).slice(0, 200)}`, r);
      });

      // One at a time: `id: null` answers can only be paired with their lines in order.
      for (const line of fc.sample(malformedLineArb, { numRuns: CASES.lines, seed: SEED + 2 })) {
        client.sendRaw(line);
        const r = await client.nextOrphanError(ANSWER_SLACK_MS);
        expect(r.error.code, line.slice(0, 200)).toBe('invalid_request');
        record(tally, `line ${line.slice(0, 200)}`, r);
      }

      // Still serving: describe, and a snapshot of a page opened afresh (the fuzz may have moved ours).
      const after = await client.call('page.open', { session_id: world.session_id, page_id: world.page_id, url: new URL(FIXTURE.home.path, fixture.origin).href, timeout_ms: 30_000 });
      const reopened = after.ok ? after : await client.call('page.open', { session_id: world.session_id, url: new URL(FIXTURE.home.path, fixture.origin).href, new_page: true });
      expect(reopened.ok, JSON.stringify(reopened)).toBe(true);
      const final = await client.call('page.snapshot', { session_id: world.session_id, page_id: (reopened as { result: { page_id: string } }).result.page_id });
      expect(final.ok, JSON.stringify(final)).toBe(true);
      expect((await client.call('provider.describe')).ok).toBe(true);

      // Exactly one answer each: a second answer to an id would be a violation, a stray id:null an orphan.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(client.violations.map((v) => `${v.message} ${v.line ?? ''}`)).toEqual([]);
      expect(client.orphanErrors).toEqual([]);
      expect(tally.internal).toEqual([]);
      expect(tally.cases).toBeGreaterThanOrEqual(1_500);
    } finally {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stderr.write(
        `[fuzz] ${BROWSER} seed ${SEED}: ${tally.cases} cases in ${seconds} s, ${tally.ok} ok, errors ${JSON.stringify(tally.codes)}\n`,
      );
      const exit = await client.close();
      expect(exit.killed, 'the provider did not exit after stdin closed').toBe(false);
      expect(exit.code).toBe(0);
    }
  });
});
