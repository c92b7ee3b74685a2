/**
 * Deflates a large snapshot in the page before it travels (see ../wire.ts for why). The engines'
 * native CompressionStream does the work: about 5 ms for the 1,000-row catalog, against hundreds of
 * milliseconds saved in moving the reply through chromedriver. Anything missing or throwing (jsdom,
 * an engine without "deflate-raw", a page that broke a global) sends the columns uncompressed.
 */
import type { CompactFrame, FrameWire } from '../wire';

// Captured at install: a page may replace or remove these later.
const g = globalThis as unknown as {
  CompressionStream?: new (format: string) => TransformStream<Uint8Array, Uint8Array>;
  TextEncoder?: typeof TextEncoder;
  Response?: typeof Response;
  btoa?: (s: string) => string;
};
const Compressor = g.CompressionStream;
const Encoder = g.TextEncoder;
const ResponseCtor = g.Response;
const btoaFn = g.btoa;
const stringify = JSON.stringify;
const fromCharCode = String.fromCharCode;
const toBase64 = (Uint8Array.prototype as { toBase64?: (this: Uint8Array) => string }).toBase64;

/** Below this many characters of JSON, compressing costs about what it saves. */
export const PACK_MIN_CHARS = 16 * 1024;

function base64(bytes: Uint8Array): string {
  if (typeof toBase64 === 'function') return toBase64.call(bytes);
  let bin = '';
  // fromCharCode.apply takes the bytes as arguments: chunked to stay under engines' argument limits.
  for (let i = 0; i < bytes.length; i += 0x8000) bin += fromCharCode.apply(null, bytes.subarray(i, i + 0x8000) as unknown as number[]);
  return btoaFn!(bin);
}

export async function pack(frame: CompactFrame): Promise<FrameWire> {
  if (!Compressor || !Encoder || !ResponseCtor || !btoaFn) return frame;
  try {
    const json = stringify(frame);
    if (json.length < PACK_MIN_CHARS) return frame;
    // Written straight into the stream: a Blob of the JSON goes through Chromium's blob storage in the
    // browser process, which cost more than the compression itself (Chromium 156).
    // encodeInto a buffer that surely fits (3 bytes per UTF-16 unit at most): in Chromium 156 it is
    // several times faster than encode(), which copies the string once more.
    const bytes = new Uint8Array(json.length * 3);
    const { written } = new Encoder().encodeInto(json, bytes);
    const deflate = new Compressor('deflate-raw');
    const writer = deflate.writable.getWriter();
    void writer.write(bytes.subarray(0, written)).catch(() => undefined);
    void writer.close().catch(() => undefined);
    return base64(new Uint8Array(await new ResponseCtor(deflate.readable).arrayBuffer()));
  } catch {
    return frame;
  }
}
