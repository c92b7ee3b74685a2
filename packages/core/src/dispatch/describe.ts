import type { CustomMethodInfo, GatedMethodInfo, ProviderDescription, ProviderStatus } from '@browser-provider/protocol';
import { CORE_METHODS, PROTOCOL_VERSION, toJsonSchema } from '@browser-provider/protocol';
import type { Backend } from '../backend';
import type { MethodRows } from './call-context';
import { gateEnabled, gateInfo } from './gates';
import { describeEngines, statusOfEngines } from './describe-engines';
import { methodOptionsOf } from '../toolkit/engine-options';
import { videoPathOf } from '../ops/video';
import type { Provider } from '../provider';

export const PROVIDER_VERSION = '0.1.0';

/** Features core provides on every engine through the shared page script. */
const CORE_FEATURES = ['element_refs', 'a11y_snapshot'] as const;

export function describe(provider: Provider, methods: MethodRows): ProviderDescription {
  const one = describeEngine(provider, methods, provider.backend);
  return provider.engines.multi ? describeEngines(provider, one, (e) => describeEngine(provider, methods, e).capabilities) : one;
}

/** The description of a provider fronting `engine` alone. */
export function describeEngine(provider: Provider, methods: MethodRows, engine: Backend): ProviderDescription {
  const info = engine.info;
  const rows = methods.rowsOf(engine);
  const custom: CustomMethodInfo[] = rows.flatMap(({ name, params, listing, traits }) =>
    listing === undefined
      ? []
      : [
          {
            name,
            description: listing.description,
            stability: listing.stability,
            input_schema: toJsonSchema(params, 'input'),
            output_schema: toJsonSchema(listing.result, 'output'),
            mutating: traits.mutating === true,
            ...(traits.gate === undefined ? {} : gateInfo(provider, traits.gate)),
            ...(traits.paramGate === undefined
              ? {}
              : { param_gates: [{ params: [...traits.paramGate.params], gate_flag: `--${traits.paramGate.gate}`, enabled: gateEnabled(provider, traits.paramGate.gate), rule: traits.paramGate.rule }] }),
          },
        ],
  );
  // A method a flag gates is advertised as callable only when the flag is set; either way it is
  // listed in gated_methods, so a client can read before calling why it is absent.
  const optional = rows.filter((r) => r.traits.tier === 'optional');
  const gated: GatedMethodInfo[] = [...optional, ...rows.filter((r) => r.traits.tier === 'custom')].flatMap(({ name, traits: { gate, feature } }) =>
    gate === undefined ? [] : [{ name, ...gateInfo(provider, gate), ...(feature ? { feature } : {}) }],
  );
  const closed = new Set<string>(gated.filter((g) => !g.enabled).flatMap((g) => [g.name, ...(g.feature ? [g.feature] : [])]));
  const features = [...new Set<string>([...CORE_FEATURES, ...engine.features()])].filter((f) => !closed.has(f));
  return {
    provider_id: info.providerId,
    provider_label: info.providerLabel,
    provider_version: provider.options.version ?? PROVIDER_VERSION,
    protocol_version: PROTOCOL_VERSION,
    browser_families: [info.family],
    transport: 'stdio-json',
    // The tier is earned by `browser-provider certify`; a provider does not grant it to itself.
    certification_tier: 'candidate',
    capabilities: {
      core_methods: [...CORE_METHODS],
      optional_methods: optional.map((r) => r.name).filter((m) => !closed.has(m)),
      features,
      custom_methods: custom,
      gated_methods: gated,
      method_options: methodOptionsOf(engine),
      video_capture: videoPathOf(engine).capture,
    },
    engine: info.engine,
    session_close_behavior: 'session.close closes the pages the session opened and ends its browser context; an attached session detaches and leaves the browser running; a persistent session (persist) quits its own browser and keeps its profile directory.',
  };
}

export async function status(provider: Provider): Promise<ProviderStatus> {
  if (provider.engines.multi) return statusOfEngines(provider);
  const s = await provider.backend.status();
  const lost = provider.browserLost;
  if (lost === undefined || s.availability === 'unavailable') return { ...s, sessions: provider.sessions.size };
  // The browser died under a session: degraded until session.ensure starts a new one.
  return {
    ...s,
    availability: 'degraded',
    browser_running: false,
    sessions: provider.sessions.size,
    diagnostics: [
      ...s.diagnostics,
      {
        level: 'warning',
        code: 'browser_lost',
        message: `The browser stopped under a running session (${lost.message}); session.ensure starts a new one.`,
        manual_steps: ['Call session.ensure to relaunch; sessions opened before the loss cannot be used again.'],
      },
    ],
  };
}
