import { CORE_METHODS, METHOD_NAMES, PROTOCOL_VERSION } from '@browser-provider/protocol';
import { check, type Scenario } from './context';

/** (1) `provider.describe` answers, schema-valid, and claims every certified core method. */
export const describeScenario: Scenario = {
  id: '01-provider-describe',
  tier: 'core',
  method: 'provider.describe',
  title: 'provider.describe succeeds and lists the 10 core methods',
  needsBrowser: false,
  async run(ctx) {
    const d = await ctx.ok('provider.describe', {});
    check(d.protocol_version === PROTOCOL_VERSION, `protocol_version is "${d.protocol_version}", not "${PROTOCOL_VERSION}"`);
    const missing = CORE_METHODS.filter((m) => !d.capabilities.core_methods.includes(m));
    check(missing.length === 0, `capabilities.core_methods lacks ${missing.join(', ')}`);
    check(d.browser_families.length > 0, 'browser_families is empty');
    // Custom methods must be namespaced and must not shadow a normalized name (draft, Rule 1).
    for (const custom of d.capabilities.custom_methods) {
      check(custom.name.includes('.'), `custom method "${custom.name}" is not namespaced`);
      check(!(METHOD_NAMES as string[]).includes(custom.name), `custom method "${custom.name}" shadows a normalized method`);
    }
    ctx.note(`provider ${d.provider_id} ${d.provider_version}, ${d.capabilities.custom_methods.length} custom methods`);
  },
};

/** (2) `provider.status` is schema-valid and its fields do not contradict each other. */
export const statusScenario: Scenario = {
  id: '02-provider-status',
  tier: 'core',
  method: 'provider.status',
  title: 'provider.status reports a coherent state',
  needsBrowser: false,
  async run(ctx) {
    const s = await ctx.ok('provider.status', {});
    const steps = s.manual_steps.length + s.diagnostics.reduce((n, d) => n + (d.manual_steps?.length ?? 0), 0);
    if (s.availability === 'ready') check(s.browser_detected, 'availability is ready but browser_detected is false');
    if (s.browser_running) check(s.browser_detected, 'browser_running is true but browser_detected is false');
    if (s.availability === 'unavailable') {
      check(steps > 0 || s.diagnostics.length > 0, 'availability is unavailable with neither manual steps nor diagnostics');
    }
    if (s.requires_manual_setup) check(steps > 0, 'requires_manual_setup is true but no manual step says what to do');
    if (s.setup_state !== 'complete') {
      check(s.diagnostics.length > 0 || steps > 0, `setup_state is ${s.setup_state} with nothing explaining why`);
    }
    ctx.note(`availability ${s.availability}, setup ${s.setup_state}${s.browser_version ? `, ${s.browser_version}` : ''}`);
  },
};
