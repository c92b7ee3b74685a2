/** What the first bytes of a PNG say about it; enough to check a screenshot without a decoder. */
export interface PngHeader {
  width: number;
  height: number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Reads the signature and the IHDR chunk, which the PNG spec requires to come first
 * (https://www.w3.org/TR/png-3/#5ChunkOrdering). Returns a reason string when the bytes are no PNG.
 */
export function readPngHeader(bytes: Buffer): PngHeader | string {
  if (bytes.length < 24) return `only ${bytes.length} bytes`;
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) return 'no PNG signature';
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return 'the first chunk is not IHDR';
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Strict base64: Buffer.from silently skips junk, so check the alphabet first. */
export function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}
