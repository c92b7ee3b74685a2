import { toProviderError } from '@browser-provider/core/toolkit';
import type { FrameKey } from '@browser-provider/core/backend';
import type { LocalId } from '@browser-provider/page-script';

/**
 * Frame keys of the classic backend. Classic WebDriver has no frame ids: a frame is reached by
 * switching to the top document and then into each iframe element in turn (§11.4 Switch To Frame).
 * So a frame key is the path of page-script local ids of the iframe elements from the top, as JSON:
 * `[]` is the top document, `[4,9]` is iframe 9 inside the document of iframe 4.
 */
export type FramePath = LocalId[];

export const TOP_FRAME: FrameKey = '[]';

export function encodeFrameKey(path: FramePath): FrameKey {
  return JSON.stringify(path);
}

export function decodeFrameKey(key: FrameKey): FramePath {
  let parsed: unknown;
  try {
    parsed = JSON.parse(key);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) {
    // Core only passes keys this backend made; anything else is a provider bug, not a client error:
    // internal_error, with the key in the cause for the server log.
    throw toProviderError(new Error(`Not a classic frame key: ${key.slice(0, 80)}`));
  }
  return parsed as FramePath;
}

export function childFrameKey(parent: FrameKey, iframeId: LocalId): FrameKey {
  return encodeFrameKey([...decodeFrameKey(parent), iframeId]);
}

/** Runs in the page: whether page-script element `id` is an <iframe>/<frame> (ELEMENT_BY_ID is the lookup). */
export function isFrameElementScript(elementById: string): string {
  return `const el = (${elementById}).apply(null, arguments);
return !!el && (el.localName === 'iframe' || el.localName === 'frame');`;
}
