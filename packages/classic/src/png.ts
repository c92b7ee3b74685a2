import { crc32, deflateSync, inflateSync } from 'node:zlib';

/**
 * A small PNG codec for screenshots: classic WebDriver only captures the viewport, so clips are
 * cropped and full pages stitched here. Decodes 8-bit truecolour (RGB, RGBA) non-interlaced PNGs —
 * what WebKit and Safari produce — with filter types 0–4; encodes RGBA with filter 0 (none), which
 * deflate compresses well enough for screenshots. Anything else is refused with an Error.
 */
export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row-major, RGBA. */
  data: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(png: Buffer): RgbaImage {
  if (png.length < 8 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Buffer[] = [];
  for (let off = 8; off + 8 <= png.length; ) {
    const len = png.readUInt32BE(off);
    const type = png.toString('latin1', off + 4, off + 8);
    const body = png.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      colorType = body[9] ?? -1;
      if (depth !== 8 || (colorType !== 2 && colorType !== 6)) throw new Error(`unsupported PNG: depth ${depth}, colour type ${colorType}`);
      if (body[12] !== 0) throw new Error('unsupported PNG: interlaced');
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    off += 12 + len;
  }
  if (!width || !height) throw new Error('PNG without IHDR');
  const channels = colorType === 6 ? 4 : 3;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length < (stride + 1) * height) throw new Error('truncated PNG data');
  const out = Buffer.alloc(width * height * 4);
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] ?? -1;
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      const x = line[i]!;
      switch (filter) {
        case 0: break;
        case 1: line[i] = (x + a) & 0xff; break;
        case 2: line[i] = (x + b) & 0xff; break;
        case 3: line[i] = (x + ((a + b) >> 1)) & 0xff; break;
        case 4: line[i] = (x + paeth(a, b, c)) & 0xff; break;
        default: throw new Error(`bad PNG filter ${filter}`);
      }
    }
    for (let px = 0; px < width; px++) {
      const o = (y * width + px) * 4;
      out[o] = line[px * channels]!;
      out[o + 1] = line[px * channels + 1]!;
      out[o + 2] = line[px * channels + 2]!;
      out[o + 3] = channels === 4 ? line[px * channels + 3]! : 255;
    }
    prev = line;
  }
  return { width, height, data: out };
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

export function encodePng(img: RgbaImage): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const stride = img.width * 4;
  const raw = Buffer.alloc((stride + 1) * img.height);
  for (let y = 0; y < img.height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    img.data.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export function blankImage(width: number, height: number): RgbaImage {
  return { width, height, data: Buffer.alloc(width * height * 4) };
}

/**
 * Copies the `w × h` block at (`sx`,`sy`) of `src` to (`dx`,`dy`) of `dst`, clipped to both images.
 */
export function blit(src: RgbaImage, sx: number, sy: number, w: number, h: number, dst: RgbaImage, dx: number, dy: number): void {
  const x0 = Math.max(0, -sx, -dx);
  const y0 = Math.max(0, -sy, -dy);
  const x1 = Math.min(w, src.width - sx, dst.width - dx);
  const y1 = Math.min(h, src.height - sy, dst.height - dy);
  if (x1 <= x0 || y1 <= y0) return;
  for (let y = y0; y < y1; y++) {
    const from = ((sy + y) * src.width + sx + x0) * 4;
    src.data.copy(dst.data, ((dy + y) * dst.width + dx + x0) * 4, from, from + (x1 - x0) * 4);
  }
}

/** The part of `img` inside the rectangle (integer pixels), clamped to the image. */
export function crop(img: RgbaImage, x: number, y: number, width: number, height: number): RgbaImage {
  const left = Math.max(0, Math.min(img.width, Math.round(x)));
  const top = Math.max(0, Math.min(img.height, Math.round(y)));
  const w = Math.max(0, Math.min(img.width - left, Math.round(width)));
  const h = Math.max(0, Math.min(img.height - top, Math.round(height)));
  const out = blankImage(w, h);
  blit(img, left, top, w, h, out, 0, 0);
  return out;
}
