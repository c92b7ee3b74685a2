/**
 * Width and height of a base64 PNG from its IHDR chunk (bytes 16–23, big-endian), decoding only the
 * first 32 base64 characters instead of the whole image.
 */
export function pngSize(base64: string): { width: number; height: number } {
  const head = Buffer.from(base64.slice(0, 32), 'base64');
  // 8-byte signature, then the IHDR chunk: length (4), type "IHDR" (4), width (4), height (4).
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG (no IHDR chunk)');
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}
