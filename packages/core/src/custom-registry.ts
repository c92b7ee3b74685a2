import type { CustomMethod } from './custom-method';
import type { Provider } from './provider';

/** The namespaced methods the backend adds (core's own, `requests.*` and `jobs.*`, are in core-methods.ts). */
export function customMethods(provider: Provider): CustomMethod[] {
  return provider.backend.customMethods();
}

export function findCustomMethod(provider: Provider, name: string): CustomMethod | undefined {
  return customMethods(provider).find((m) => m.name === name);
}

export function gateEnabled(provider: Provider, gate: NonNullable<CustomMethod['gate']>): boolean {
  return gate === 'allow-debug' ? provider.options.allowDebug === true : provider.options.allowEval === true;
}
