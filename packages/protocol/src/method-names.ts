import type { MethodName } from './methods';
import type { OwnMethodName } from './own-methods';

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
