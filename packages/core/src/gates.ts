import type { Repair } from '@browser-provider/protocol';
import type { Gate } from './backend';
import { ProviderError } from './errors';
import type { Provider } from './provider';

export function gateEnabled(provider: Provider, gate: Gate): boolean {
  switch (gate) {
    case 'allow-debug':
      return provider.options.allowDebug === true;
    case 'allow-eval':
      return provider.options.allowEval === true;
    case 'allow-extensions':
      return provider.options.allowExtensions === true;
  }
}

/** How a gated method is listed where a client reads before calling (`describe`). */
export function gateInfo(provider: Provider, gate: Gate): { gated: true; enabled: boolean; gate_flag: string } {
  return { gated: true, enabled: gateEnabled(provider, gate), gate_flag: `--${gate}` };
}

/**
 * The one refusal of a gated method, whichever flag gates it: `permission_denied` / `gated`, the
 * flag in `details.gate_flag`, and a repair (by default: read `provider.describe`, which says what is
 * enabled).
 */
export function gatedError(method: string, gate: Gate, repair?: Repair): ProviderError {
  return new ProviderError('permission_denied', `${method} is disabled; start the server with --${gate} to enable it.`, {
    detail: 'gated',
    details: { method, gate_flag: `--${gate}` },
    repair: repair ?? { method: 'provider.describe', params: {}, hint: `${method} needs the server flag --${gate}, which only the operator can set; provider.describe lists what is enabled.` },
  });
}
