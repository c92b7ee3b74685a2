import type { Capabilities, EngineStatus, MethodOptions, ProviderDescription, ProviderStatus } from '@browser-provider/protocol';
import type { Backend } from '../backend';
import type { Provider } from '../provider';

/**
 * `provider.describe` of a server fronting several engines. The draft's `capabilities` keeps only what
 * every engine supports, so a client that reads nothing else is never promised what some session
 * cannot do; `capabilities_by_family` holds each engine's own. `default` is the default engine's
 * description (its engine and the fields every engine shares); `capabilitiesOf` describes each other one.
 */
export function describeEngines(provider: Provider, defaultDescription: ProviderDescription, capabilitiesOf: (engine: Backend) => Capabilities): ProviderDescription {
  const engines = provider.engines;
  const byFamily = Object.fromEntries(engines.list.map((e) => [e.info.family, e === engines.default ? defaultDescription.capabilities : capabilitiesOf(e)]));
  const all = Object.values(byFamily);
  return {
    ...defaultDescription,
    provider_id: engines.list.map((e) => e.info.providerId).join('+'),
    provider_label: engines.list.map((e) => e.info.providerLabel).join(' + '),
    browser_families: engines.families(),
    capabilities: common(defaultDescription.capabilities, all),
    capabilities_by_family: byFamily,
    default_browser: { family: engines.default.info.family, reason: engines.defaultReason },
  };
}

/** What every one of `all` lists, in `first`'s order (the default engine's entries, where they differ in detail). */
function common(first: Capabilities, all: readonly Capabilities[]): Capabilities {
  const everywhere = (pick: (c: Capabilities) => readonly string[]) => {
    const sets = all.map((c) => new Set(pick(c)));
    return (name: string) => sets.every((s) => s.has(name));
  };
  const optional = everywhere((c) => c.optional_methods);
  const feature = everywhere((c) => c.features);
  const custom = everywhere((c) => c.custom_methods.map((m) => m.name));
  const gated = everywhere((c) => (c.gated_methods ?? []).map((m) => m.name));
  const core = everywhere((c) => c.core_methods);
  return {
    ...first,
    core_methods: first.core_methods.filter(core),
    optional_methods: first.optional_methods.filter(optional),
    features: first.features.filter(feature),
    custom_methods: first.custom_methods.filter((m) => custom(m.name)),
    ...(first.gated_methods ? { gated_methods: first.gated_methods.filter((m) => gated(m.name)) } : {}),
    ...(first.method_options ? { method_options: commonOptions(first.method_options, all.map((c) => c.method_options ?? {})) } : {}),
  };
}

/** The option values every engine takes, in `first`'s order; an engine that lists no values for a param takes them all. */
function commonOptions(first: MethodOptions, all: readonly MethodOptions[]): MethodOptions {
  return Object.fromEntries(
    Object.entries(first).map(([method, params]) => [
      method,
      Object.fromEntries(Object.entries(params).map(([param, values]) => [param, values.filter((v) => all.every((o) => o[method]?.[param]?.includes(v) ?? true))])),
    ]),
  );
}

/**
 * `provider.status` of a server fronting several engines: each engine's own status in
 * `status_by_family`, and a summary on top: `ready` only when every engine is, `unavailable` only
 * when none is; steps and diagnostics carry their family's name.
 */
export async function statusOfEngines(provider: Provider): Promise<ProviderStatus> {
  const engines = provider.engines.list;
  const sessionsOf = (e: Backend) => [...provider.sessions.values()].filter((s) => provider.engineOf(s) === e).length;
  const each: [string, EngineStatus][] = await Promise.all(engines.map(async (e) => [e.info.family, { ...(await e.status()), sessions: sessionsOf(e) }] as [string, EngineStatus]));
  const list = each.map(([, s]) => s);
  const mark = (family: string, text: string) => `${family}: ${text}`;
  const of = (pick: (s: EngineStatus) => boolean) => ({ every: list.every(pick), some: list.some(pick) });
  const ready = of((s) => s.availability === 'ready');
  const unavailable = of((s) => s.availability === 'unavailable');
  const complete = of((s) => s.setup_state === 'complete');
  const dflt = each.find(([f]) => f === provider.backend.info.family)?.[1] ?? list[0];
  const summary: ProviderStatus = {
    availability: ready.every ? 'ready' : unavailable.every ? 'unavailable' : 'degraded',
    browser_detected: of((s) => s.browser_detected).some,
    browser_running: of((s) => s.browser_running).some,
    // Some engines set up and some not is `partial`; none set up says how the default engine stands.
    setup_state: complete.every ? 'complete' : complete.some ? 'partial' : (dflt?.setup_state ?? 'required'),
    requires_manual_setup: of((s) => s.requires_manual_setup).some,
    recommended_browser: provider.backend.info.family,
    manual_steps: each.flatMap(([f, s]) => s.manual_steps.map((m) => mark(f, m))),
    diagnostics: each.flatMap(([f, s]) => s.diagnostics.map((d) => ({ ...d, message: mark(f, d.message) }))),
    ...(dflt?.browser_version !== undefined ? { browser_version: dflt.browser_version } : {}),
    sessions: provider.sessions.size,
    status_by_family: Object.fromEntries(each),
  };
  const lost = provider.browserLost;
  if (lost === undefined || summary.availability === 'unavailable') return summary;
  return {
    ...summary,
    availability: 'degraded',
    diagnostics: [
      ...summary.diagnostics,
      {
        level: 'warning',
        code: 'browser_lost',
        message: `A browser stopped under a running session (${lost.message}); session.ensure starts a new one.`,
        manual_steps: ['Call session.ensure to relaunch; sessions opened before the loss cannot be used again.'],
      },
    ],
  };
}
