/**
 * PNG checks for scenarios. The header reader is protocol's (the one the backends use too); a
 * strict base64 decoder stays here, where Node's Buffer may be used.
 */
export { readPngHeader, type PngSize as PngHeader } from '@browser-provider/protocol';

/** Strict base64: Buffer.from silently skips junk, so check the alphabet first. */
export function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}
