import type { Gate } from '../backend';
import { ERRORS, raise } from '../catalog';
import type { ProviderError } from '../catalog/errors';
import type { Provider } from '../provider';

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
 * flag in `details.gate_flag`, and a repair: read `provider.describe`, which says what is enabled, or
 * (`read: 'snapshot'`, for page.eval) read the page another way.
 */
export function gatedError(method: string, gate: Gate, read?: 'snapshot'): ProviderError {
  return raise(ERRORS.gated, `${method} is disabled; start the server with --${gate} to enable it.`, { method, gate, ...(read !== undefined ? { read } : {}) }, {
    details: { method, gate_flag: `--${gate}` },
  });
}
