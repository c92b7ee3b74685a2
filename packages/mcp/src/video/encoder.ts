import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { findExecutable } from '@browser-provider/core/host';

/**
 * The encoder: Debian's `ffmpeg` (libvpx), run as a child process. WebM/VP8 is what Playwright writes
 * and what every engine here plays. Frames go in as the images the engine captured (JPEG or PNG), one
 * image per output frame: the writer repeats the latest image to keep a constant frame rate, so the
 * video's clock is the wall clock of the recording. Images of another size (another tab, a resized
 * viewport) are fitted into the frame.
 */
export const FFMPEG_SEARCH = { names: ['ffmpeg'], envVar: 'BROWSER_PROVIDER_FFMPEG', locations: ['/usr/bin/ffmpeg'] };

export function findFfmpeg(): string | undefined {
  return findExecutable(FFMPEG_SEARCH);
}

export interface EncoderOptions {
  ffmpeg: string;
  width: number;
  height: number;
  fps: number;
  /** What every frame is: one recording takes one format (image2pipe cannot switch codecs mid-stream). */
  image: 'jpeg' | 'png';
  /** WebM with VP8 (default), or MP4 with H.264 for a `.mp4` file. */
  container?: 'webm' | 'mp4';
}

/** The most bytes the encoder's stdin may hold before frames are dropped rather than queued (a slow encoder on a busy machine). */
const MAX_QUEUED_BYTES = 64 * 1024 * 1024;

export class VideoEncoder {
  readonly #child: ChildProcessByStdio<Writable, null, Readable>;
  readonly #dir: string;
  readonly #out: string;
  readonly #exit: Promise<{ code: number | null; stderr: string }>;
  #frames = 0;
  #dropped = 0;

  private constructor(child: ChildProcessByStdio<Writable, null, Readable>, dir: string, out: string) {
    this.#child = child;
    this.#dir = dir;
    this.#out = out;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 4_000) stderr += d.toString();
    });
    // A write after ffmpeg died is reported by `finish`, not thrown at the recorder.
    child.stdin.on('error', () => undefined);
    this.#exit = new Promise((resolve) => {
      child.once('error', (e) => resolve({ code: -1, stderr: e.message }));
      child.once('close', (code) => resolve({ code, stderr }));
    });
  }

  /** Starts ffmpeg writing a WebM of `width`×`height` at `fps` into a private temp folder. */
  static async start(o: EncoderOptions): Promise<VideoEncoder> {
    const dir = await mkdtemp(join(tmpdir(), 'bp-video-'));
    const mp4 = o.container === 'mp4';
    const out = join(dir, mp4 ? 'video.mp4' : 'video.webm');
    const { width: w, height: h } = o;
    const args = [
      ['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ['-f', 'image2pipe', '-c:v', o.image === 'jpeg' ? 'mjpeg' : 'png', '-framerate', String(o.fps), '-i', 'pipe:0'],
      // Fit the page into the frame and pad the rest, whatever size each image has; square pixels, or a
      // player shows the frame a pixel wider than it is (Firefox 153: videoWidth 401 for 400).
      ['-vf', `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=white,setsar=1,format=yuv420p`],
      mp4
        ? ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-crf', '28', '-threads', '1', '-movflags', '+faststart', '-f', 'mp4']
        : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M', '-crf', '10', '-auto-alt-ref', '0', '-threads', '1', '-f', 'webm'],
      ['-y', out],
    ].flat();
    const child = spawn(o.ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    return new VideoEncoder(child, dir, out);
  }

  get frames(): number {
    return this.#frames;
  }

  /** Frames left out because the encoder fell behind. */
  get dropped(): number {
    return this.#dropped;
  }

  /** One output frame showing `image`. */
  write(image: Buffer): void {
    if (this.#child.stdin.writableLength > MAX_QUEUED_BYTES) {
      this.#dropped++;
      return;
    }
    this.#child.stdin.write(image);
    this.#frames++;
  }

  /** Ends the stream, waits for ffmpeg, and answers the file's bytes. The temp folder goes either way. */
  async finish(): Promise<Buffer> {
    this.#child.stdin.end();
    try {
      const { code, stderr } = await this.#exit;
      if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim().slice(0, 500)}`);
      return await readFile(this.#out);
    } finally {
      await rm(this.#dir, { recursive: true, force: true });
    }
  }

  /** Stops ffmpeg and drops what it wrote (a recording abandoned with its session). */
  async abort(): Promise<void> {
    this.#child.kill('SIGKILL');
    await this.#exit;
    await rm(this.#dir, { recursive: true, force: true });
  }
}
