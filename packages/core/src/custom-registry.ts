import type { CustomMethod } from './custom-method';
import type { Provider } from './provider';

/** The namespaced methods this provider serves: the backend's own (core adds none yet). */
export function customMethods(provider: Provider): CustomMethod[] {
  return provider.backend.customMethods();
}

export function findCustomMethod(provider: Provider, name: string): CustomMethod | undefined {
  return customMethods(provider).find((m) => m.name === name);
}

export function gateEnabled(provider: Provider, gate: NonNullable<CustomMethod['gate']>): boolean {
  return gate === 'allow-debug' ? provider.options.allowDebug === true : provider.options.allowEval === true;
}
