import { check, ScenarioFailure, type Scenario, type ScenarioContext } from '../context';

/**
 * The draft's setup methods. A guide must agree with itself and with provider.status (a browser status
 * calls unavailable is not "complete"); verify must really reach a snapshot and leave no session open.
 */

async function requireProviderMethod(ctx: ScenarioContext, method: 'provider.setup_guide' | 'provider.verify'): Promise<void> {
  const desc = await ctx.ok('provider.describe', {});
  if (desc.capabilities.optional_methods.includes(method)) return;
  const r = await ctx.client.call(method, {}, { signal: ctx.signal });
  check(!r.ok && r.error.code === 'unsupported_method', `${method} is absent from describe but did not answer unsupported_method`);
  throw new ScenarioFailure(`${method} is not offered by this provider (absent from describe; answers unsupported_method)`);
}

export const setupGuideScenario: Scenario = {
  id: 'o16-provider-setup-guide',
  tier: 'optional',
  method: 'provider.setup_guide',
  title: 'provider.setup_guide gives each browser steps that agree with provider.status',
  needsBrowser: false,
  async run(ctx) {
    await requireProviderMethod(ctx, 'provider.setup_guide');
    const [desc, status, { guides }] = await Promise.all([ctx.ok('provider.describe', {}), ctx.ok('provider.status', {}), ctx.ok('provider.setup_guide', {})]);
    check(guides.map((g) => g.browser_family).sort().join() === [...desc.browser_families].sort().join(), `guides cover ${guides.map((g) => g.browser_family).join(', ')}, describe lists ${desc.browser_families.join(', ')}`);
    for (const g of guides) {
      const own = status.status_by_family?.[g.browser_family] ?? status;
      check(g.steps.length > 0, `${g.browser_family}: the guide has no steps`);
      const open = g.steps.filter((s) => !s.done);
      check((g.setup_state === 'complete') === (open.length === 0), `${g.browser_family}: setup_state ${g.setup_state} with ${open.length} steps not done`);
      for (const s of open) check(s.title.trim().length > 0, `${g.browser_family}: step ${s.code} says nothing to do`);
      if (own.availability === 'unavailable') check(g.setup_state !== 'complete', `${g.browser_family}: status is unavailable but the guide says complete`);
      ctx.note(`${g.browser_family}: ${g.setup_state}, ${g.steps.length} steps (${open.length} to do) on ${g.host ?? g.platform}`);
    }
    const one = await ctx.ok('provider.setup_guide', { browser: desc.browser_families[0] });
    check(one.guides.length === 1 && one.guides[0]?.browser_family === desc.browser_families[0], 'setup_guide with browser did not answer that browser alone');
  },
};

export const verifyScenario: Scenario = {
  id: 'o17-provider-verify',
  tier: 'optional',
  method: 'provider.verify',
  title: 'provider.verify opens a page, snapshots it and closes, leaving no session',
  needsBrowser: true,
  async run(ctx) {
    await requireProviderMethod(ctx, 'provider.verify');
    const before = (await ctx.ok('provider.status', {})).sessions;
    const v = await ctx.ok('provider.verify', { timeout_ms: 80_000 }, { timeoutMs: 85_000 });
    const errors = v.diagnostics.filter((d) => d.level === 'error');
    check(v.ok, `verify failed: ${errors.map((d) => `${d.code}: ${d.message}`).join('; ')}`);
    for (const b of v.verified) {
      const steps = b.steps.map((s) => `${s.step}${s.ok ? '' : ' (failed)'}`).join(', ');
      check(steps === 'session, open, snapshot, close', `${b.browser_family}: steps were ${steps}`);
    }
    check(v.diagnostics.some((d) => d.level === 'info' && d.code === 'verified'), 'no "verified" diagnostic says what was checked');
    const after = (await ctx.ok('provider.status', {})).sessions;
    check(before === undefined || after === before, `provider.status counted ${before} sessions before verify and ${after} after`);
    ctx.note(v.verified.map((b) => `${b.browser_family} ${b.duration_ms} ms${b.browser_was_running ? ' (browser was running)' : ''}`).join(', '));
  },
};
