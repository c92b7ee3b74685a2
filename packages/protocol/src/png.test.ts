import { describe, expect, it } from 'vitest';
import { jpegSize, pngSize, readPngHeader } from './png';

/** The first bytes of a PNG of `width`×`height`, as every encoder writes them, then `rest`. */
function header(width: number, height: number, opts: { chunk?: string; signature?: number[]; rest?: number } = {}): Uint8Array {
  const b = new Uint8Array(24 + (opts.rest ?? 9));
  const v = new DataView(b.buffer);
  b.set(opts.signature ?? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  v.setUint32(8, 13);
  b.set([...(opts.chunk ?? 'IHDR')].map((c) => c.charCodeAt(0)), 12);
  v.setUint32(16, width);
  v.setUint32(20, height);
  return b;
}

const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

/** One table for both entry points: bytes (conformance) and base64 (the backends' screenshots). */
const ROWS: Array<[name: string, bytes: Uint8Array, want: { width: number; height: number } | string]> = [
  ['a 1×1 PNG', header(1, 1), { width: 1, height: 1 }],
  ['a viewport at DPR 2', header(2560, 1440), { width: 2560, height: 1440 }],
  ['a tall full page', header(1280, 70_000), { width: 1280, height: 70_000 }],
  ['sizes past 2^31 (read unsigned)', header(0x8000_0001, 3), { width: 0x8000_0001, height: 3 }],
  ['no more than the header', header(7, 9, { rest: 0 }), { width: 7, height: 9 }],
  ['too short', header(1, 1).subarray(0, 20), 'only 20 bytes'],
  ['a JPEG', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(0)]), 'no PNG signature'],
  ['a GIF', Uint8Array.from([...'GIF89a'].map((c) => c.charCodeAt(0)).concat(new Array(30).fill(0))), 'no PNG signature'],
  ['a PNG whose first chunk is not IHDR', header(2, 2, { chunk: 'IDAT' }), 'the first chunk is not IHDR'],
];

describe('the PNG header reader', () => {
  it.each(ROWS)('%s: from bytes', (_name, bytes, want) => {
    expect(readPngHeader(bytes)).toEqual(want);
  });

  it.each(ROWS)('%s: from base64', (_name, bytes, want) => {
    if (typeof want === 'string') expect(() => pngSize(base64(bytes))).toThrow(/not a PNG/);
    else expect(pngSize(base64(bytes))).toEqual(want);
  });

  it('refuses base64 that is not base64', () => {
    expect(() => pngSize('data:image/png;base64,iVBORw0KGgo=')).toThrow(/not a PNG/);
    expect(() => pngSize('')).toThrow(/only 0 bytes/);
  });
});

/** A JPEG's head as encoders write it: SOI, an APP0 (JFIF) and a DHT segment, then the frame header `sof`. */
function jpegHead(width: number, height: number, sof = 0xc0): Uint8Array {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  return Uint8Array.from([
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    // DHT (C4) sits inside the SOFn range and must be skipped, not read as a frame header.
    ...segment(0xc4, new Array(20).fill(0)),
    ...segment(sof, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    0xff, 0xda, 0, 8,
  ]);
}

describe('the JPEG frame-header reader', () => {
  it.each([
    ['a baseline JPEG', jpegHead(1280, 720), { width: 1280, height: 720 }],
    ['a progressive JPEG (SOF2)', jpegHead(3, 65_535, 0xc2), { width: 3, height: 65_535 }],
  ])('%s', (_name, bytes, want) => {
    expect(jpegSize(base64(bytes))).toEqual(want);
  });

  it('refuses what is not a JPEG, or has no frame header', () => {
    expect(() => jpegSize(base64(header(1, 1)))).toThrow(/not a JPEG \(no SOI marker\)/);
    expect(() => jpegSize(base64(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0])))).toThrow(/no frame header/);
    expect(() => jpegSize(base64(Uint8Array.from([0xff, 0xd8, 0x12, 0x34, 0, 4, 0, 0, 0, 0, 0, 0])))).toThrow(/no marker at byte 2/);
  });
});
