import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { blankImage, blit, crop, decodePng, encodePng, type RgbaImage } from './png';

function pattern(width: number, height: number): RgbaImage {
  const img = blankImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      img.data[o] = (x * 7) & 0xff;
      img.data[o + 1] = (y * 13) & 0xff;
      img.data[o + 2] = (x * y) & 0xff;
      img.data[o + 3] = 255 - ((x + y) & 0x7f);
    }
  }
  return img;
}

function chunk(type: string, body: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), body])) >>> 0);
  return Buffer.concat([len, Buffer.from(type, 'latin1'), body, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** An independent encoder that applies filter `(y % 5)` per row, so decoding must undo all five. */
function encodeFiltered(img: RgbaImage, channels: 3 | 4): Buffer {
  const stride = img.width * channels;
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < img.height; y++) {
    const line = Buffer.alloc(stride);
    for (let x = 0; x < img.width; x++) for (let c = 0; c < channels; c++) line[x * channels + c] = img.data[(y * img.width + x) * 4 + c]!;
    const f = y % 5;
    const out = Buffer.alloc(stride + 1);
    out[0] = f;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels]! : 0, b = prev[i]!, c = i >= channels ? prev[i - channels]! : 0;
      const pred = f === 0 ? 0 : f === 1 ? a : f === 2 ? b : f === 3 ? (a + b) >> 1 : paeth(a, b, c);
      out[i + 1] = (line[i]! - pred) & 0xff;
    }
    rows.push(out);
    prev = line;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr[8] = 8;
  ihdr[9] = channels === 4 ? 6 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('PNG codec', () => {
  it('round-trips RGBA through encode and decode', () => {
    const img = pattern(37, 23);
    const back = decodePng(encodePng(img));
    expect([back.width, back.height]).toEqual([37, 23]);
    expect(back.data.equals(img.data)).toBe(true);
  });

  it('decodes every filter type (0–4), RGBA and RGB', () => {
    const img = pattern(19, 15);
    expect(decodePng(encodeFiltered(img, 4)).data.equals(img.data)).toBe(true);
    const rgb = decodePng(encodeFiltered(img, 3));
    for (let i = 0; i < img.width * img.height; i++) {
      expect([...rgb.data.subarray(i * 4, i * 4 + 4)]).toEqual([img.data[i * 4], img.data[i * 4 + 1], img.data[i * 4 + 2], 255]);
    }
  });

  it('crops exactly the requested pixels and clamps to the image', () => {
    const img = pattern(40, 30);
    const c = crop(img, 5, 7, 10, 4);
    expect([c.width, c.height]).toEqual([10, 4]);
    for (let y = 0; y < 4; y++) {
      for (let x = 0; x < 10; x++) {
        const o = ((7 + y) * 40 + 5 + x) * 4;
        expect(c.data.subarray((y * 10 + x) * 4, (y * 10 + x) * 4 + 4).equals(img.data.subarray(o, o + 4))).toBe(true);
      }
    }
    expect([crop(img, 35, 25, 20, 20).width, crop(img, 35, 25, 20, 20).height]).toEqual([5, 5]);
    expect(crop(img, 50, 50, 5, 5).width).toBe(0);
  });

  it('blits with clipping on every side', () => {
    const src = pattern(10, 10);
    const dst = blankImage(8, 8);
    blit(src, 0, 0, 10, 10, dst, -3, -2);
    const o = (0 * 8 + 0) * 4;
    const s = (2 * 10 + 3) * 4;
    expect(dst.data.subarray(o, o + 4).equals(src.data.subarray(s, s + 4))).toBe(true);
    blit(src, 0, 0, 10, 10, dst, 100, 100); // entirely outside: no throw, no change
  });

  it('refuses what it does not support', () => {
    expect(() => decodePng(Buffer.from('not a png'))).toThrow(/not a PNG/);
  });
});
