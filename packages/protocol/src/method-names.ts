import { METHODS, isMethodName, type MethodName } from './methods';
import { OWN_METHODS, isOwnMethodName, type OwnMethodName } from './own-methods';
import type { MethodTraits } from './traits';

/**
 * The namespaces engines add methods under. Their schemas and traits live in the adapter packages
 * (protocol depends on none of them); the name type lets a repair name one without a cast.
 */
export const ENGINE_NAMESPACES = ['firefox', 'chrome', 'cdp', 'bidi', 'webdriver', 'safari'] as const;
export type EngineNamespace = (typeof ENGINE_NAMESPACES)[number];
export type CustomMethodName = `${EngineNamespace}.${string}`;

/** Any method a request or a repair may name: the draft's, ours, or an engine's. */
export type AnyMethodName = MethodName | OwnMethodName | CustomMethodName;

export const isCustomMethodName = (name: string): name is CustomMethodName => (ENGINE_NAMESPACES as readonly string[]).includes(name.slice(0, name.indexOf('.')));

/** The traits of a draft method or one of ours; an engine's are with its declaration (undefined here). */
export function knownTraits(name: string): MethodTraits | undefined {
  if (isMethodName(name)) return METHODS[name].traits;
  if (isOwnMethodName(name)) return OWN_METHODS[name].traits;
  return undefined;
}
