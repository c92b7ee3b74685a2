import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpeg, VideoEncoder } from './encoder';
import { Recorder } from './recorder';
import { imageSize } from './state';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bp-encoder-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One still image of ffmpeg's test pattern, as the engines hand them over. */
async function still(codec: 'mjpeg' | 'png', size: string): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}`, '-frames:v', '1', '-c:v', codec, '-f', 'image2pipe', 'pipe:1'], { encoding: 'buffer' });
  return stdout as unknown as Buffer;
}

async function probe(path: string): Promise<{ codec: string; width: number; height: number; duration: number; frames: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,nb_read_frames:format=duration', '-of', 'json', path]);
  const j = JSON.parse(stdout) as { streams: Array<{ codec_name: string; width: number; height: number; nb_read_frames: string }>; format: { duration: string } };
  const s = j.streams[0];
  if (s === undefined) throw new Error('no video stream');
  return { codec: s.codec_name, width: s.width, height: s.height, duration: Number(j.format.duration), frames: Number(s.nb_read_frames) };
}

const ffmpeg = findFfmpeg();

// ffmpeg runs several times per test: seconds on a busy 2-core machine.
describe('video encoder (Debian ffmpeg)', { timeout: 30_000 }, () => {
  it('is installed (scripts/ensure.sh installs it)', () => {
    expect(ffmpeg).toBeDefined();
  });

  it.each([
    ['webm', 'vp8'],
    ['mp4', 'h264'],
  ] as const)('writes %s (%s) at the asked size from frames that change size', async (container, codec) => {
    const [wide, tall] = await Promise.all([still('mjpeg', '320x240'), still('mjpeg', '200x300')]);
    expect(imageSize(wide)).toEqual({ width: 320, height: 240 });
    expect(imageSize(tall)).toEqual({ width: 200, height: 300 });
    const enc = await VideoEncoder.start({ ffmpeg: ffmpeg as string, width: 160, height: 120, fps: 10, container, image: 'jpeg' });
    for (let i = 0; i < 20; i++) enc.write(i < 10 ? wide : tall);
    const bytes = await enc.finish();
    const path = join(dir, `out.${container}`);
    writeFileSync(path, bytes);
    const p = await probe(path);
    expect(p).toMatchObject({ codec, width: 160, height: 120, frames: 20 });
    expect(p.duration).toBeCloseTo(2, 0);
  });

  it('reads PNG frames', async () => {
    const png = await still('png', '200x300');
    expect(imageSize(png)).toEqual({ width: 200, height: 300 });
    const enc = await VideoEncoder.start({ ffmpeg: ffmpeg as string, width: 100, height: 150, fps: 5, image: 'png' });
    for (let i = 0; i < 5; i++) enc.write(png);
    const path = join(dir, 'png.webm');
    writeFileSync(path, await enc.finish());
    expect(await probe(path)).toMatchObject({ codec: 'vp8', width: 100, height: 150, frames: 5 });
  });

  it('says why when ffmpeg fails (a frame that is no image)', async () => {
    const enc = await VideoEncoder.start({ ffmpeg: ffmpeg as string, width: 160, height: 120, fps: 10, image: 'png' });
    enc.write(Buffer.from('not an image'));
    await expect(enc.finish()).rejects.toThrow(/ffmpeg exited/);
  });
});

describe('recorder', () => {
  /** Counts what the recorder writes, as the encoder would take it. */
  const fakeEncoder = () => {
    const written: Buffer[] = [];
    return { written, encoder: { write: (b: Buffer) => void written.push(b), get frames() { return written.length; }, dropped: 0 } as unknown as VideoEncoder };
  };

  it('keeps the wall clock: a slow capture holds the picture, the frame count follows the time', async () => {
    const { written, encoder } = fakeEncoder();
    const a = Buffer.from('a');
    const b = Buffer.from('b');
    let n = 0;
    // The second capture takes 600 ms (an engine busy with an action): 10 fps must still give ~10 frames a second.
    const grab = async () => {
      n++;
      if (n === 2) await new Promise((r) => setTimeout(r, 600));
      return n === 1 ? a : b;
    };
    const rec = new Recorder(encoder, grab, 10);
    await new Promise((r) => setTimeout(r, 1_000));
    const stats = await rec.stop();
    expect(stats.frames).toBe(written.length);
    expect(written.length).toBeGreaterThanOrEqual(9);
    expect(written.length).toBeLessThanOrEqual(13);
    // The first image stands until the slow capture returns: ~6 frames of it, then the new one.
    expect(written.filter((w) => w === a).length).toBeGreaterThanOrEqual(5);
    expect(written.at(-1)).toBe(b);
  });

  it('counts a failed capture as a miss and keeps the last picture', async () => {
    const { written, encoder } = fakeEncoder();
    const a = Buffer.from('a');
    let n = 0;
    const rec = new Recorder(encoder, async () => (++n === 1 ? a : Promise.reject(new Error('navigating'))), 20);
    await new Promise((r) => setTimeout(r, 300));
    const stats = await rec.stop();
    expect(stats.captures).toBe(1);
    expect(stats.misses).toBeGreaterThan(0);
    expect(written.every((w) => w === a)).toBe(true);
  });
});
