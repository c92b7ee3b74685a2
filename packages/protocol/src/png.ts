/**
 * What the first bytes of a PNG say about it: the one PNG header reader, for the backends (a
 * screenshot's size without decoding it) and conformance (checking a provider's screenshot). It
 * lives here because conformance depends on protocol alone; hence bytes are a Uint8Array and base64
 * is decoded by hand, with no Node globals.
 */
export interface PngSize {
  width: number;
  height: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** "IHDR" in ASCII. */
const IHDR = [0x49, 0x48, 0x44, 0x52];
/** Signature (8) + IHDR length (4) + type (4) + width (4) + height (4). */
const HEADER_BYTES = 24;

const u32 = (b: Uint8Array, at: number) => (((b[at] as number) << 24) >>> 0) + ((b[at + 1] as number) << 16) + ((b[at + 2] as number) << 8) + (b[at + 3] as number);

/**
 * Reads the signature and the IHDR chunk, which the PNG spec requires to come first
 * (https://www.w3.org/TR/png-3/#5ChunkOrdering). Returns a reason string when the bytes are no PNG.
 */
export function readPngHeader(bytes: Uint8Array): PngSize | string {
  if (bytes.length < HEADER_BYTES) return `only ${bytes.length} bytes`;
  if (SIGNATURE.some((v, i) => bytes[i] !== v)) return 'no PNG signature';
  if (IHDR.some((v, i) => bytes[12 + i] !== v)) return 'the first chunk is not IHDR';
  return { width: u32(bytes, 16), height: u32(bytes, 20) };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The bytes of the first `chars` characters of base64 `text` (a multiple of 4); stops at junk or padding. */
function decodeHead(text: string, chars: number): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i + 4 <= Math.min(chars, text.length); i += 4) {
    const q = [0, 1, 2, 3].map((k) => ALPHABET.indexOf(text[i + k] as string));
    if (q.some((v) => v < 0)) break;
    const n = ((q[0] as number) << 18) | ((q[1] as number) << 12) | ((q[2] as number) << 6) | (q[3] as number);
    out.push((n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
  }
  return Uint8Array.from(out);
}

/** The size of a base64 PNG, decoding only its first 32 characters (the 24 header bytes), not the image. */
export function pngSize(base64: string): PngSize {
  const header = readPngHeader(decodeHead(base64, 32));
  if (typeof header === 'string') throw new Error(`not a PNG (${header})`);
  return header;
}

/**
 * The size of a base64 JPEG from its frame header: the markers after SOI are walked (each segment
 * says its length) to the first SOFn (ITU T.81 B.2.2), which carries the height and width. Only the
 * head of the image is decoded; encoders write the tables and the frame header before any scan.
 */
export function jpegSize(base64: string): PngSize {
  const b = decodeHead(base64, 87_384);
  if (b[0] !== 0xff || b[1] !== 0xd8) throw new Error('not a JPEG (no SOI marker)');
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) throw new Error(`not a JPEG (no marker at byte ${at})`);
    const marker = b[at + 1] as number;
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: ((b[at + 5] as number) << 8) | (b[at + 6] as number), width: ((b[at + 7] as number) << 8) | (b[at + 8] as number) };
    }
    at += 2 + (((b[at + 2] as number) << 8) | (b[at + 3] as number));
  }
  throw new Error('not a JPEG (no frame header in its first 64 KiB)');
}
