import { extname } from 'node:path';
import { z } from 'zod';
import { deadline, videoPathOf } from '@browser-provider/core';
import { CallError } from './link';
import { writeOutput } from './output';
import { defineTool, type ToolContext, type ToolDef } from './tool';
import { findFfmpeg, VideoEncoder } from './video/encoder';
import { Recorder } from './video/recorder';
import { capture, imageSize, VideoState } from './video/state';

/**
 * The video tools (`--caps devtools`, as in Playwright MCP 0.0.86, with its arguments): a recording of
 * the session's current page, and the cards and callouts drawn in the page for it (video/overlay.ts).
 * Frames are the engine's own captures at the asked rate (core's ops/video.ts says which capture each
 * engine uses, and describe says it); Debian's ffmpeg encodes them (video/encoder.ts).
 */

const Size = z.object({
  width: z.number().int().min(16).max(3840).describe('Video width'),
  height: z.number().int().min(16).max(2160).describe('Video height'),
});

const DEFAULT_FPS = 25;
/** Playwright's default frame: the viewport scaled down to fit 800×800. */
const FIT = 800;
const DEFAULT_CHAPTER_MS = 2_000;

function unavailable(message: string, code: string): CallError {
  return new CallError({ code: 'unsupported_method', message, retryable: false, details: { code } });
}

/** Even sizes (the encoders' 4:2:0 chroma wants them), the viewport fitted into 800×800 by default. */
function frameSize(image: { width: number; height: number }, asked: { width: number; height: number } | undefined): { width: number; height: number } {
  const even = (n: number) => Math.max(16, Math.round(n / 2) * 2);
  if (asked !== undefined) return { width: even(asked.width), height: even(asked.height) };
  const scale = Math.min(1, FIT / image.width, FIT / image.height);
  return { width: even(image.width * scale), height: even(image.height * scale) };
}

async function start(ctx: ToolContext, a: { filename?: string | undefined; size?: { width: number; height: number } | undefined; fps?: number | undefined; cursor?: boolean | undefined }) {
  const state = VideoState.of(ctx.link);
  if (state.recording !== undefined) {
    throw new CallError({ code: 'invalid_request', message: `A video is already being recorded (to ${state.recording.filename}).`, retryable: false, details: { code: 'video_active' } });
  }
  const filename = a.filename ?? `video-${new Date().toISOString().replace(/[:.]/g, '-')}.webm`;
  const ext = extname(filename).toLowerCase();
  if (ext !== '.webm' && ext !== '.mp4') {
    throw new CallError({ code: 'invalid_request', message: `filename: a video is written as .webm (VP8) or .mp4 (H.264), got ${JSON.stringify(ext || 'no extension')}.`, retryable: false, details: { code: 'invalid_params', field: 'filename' } });
  }
  const ffmpeg = findFfmpeg();
  if (ffmpeg === undefined) throw unavailable('Video needs ffmpeg on this server (Debian: apt-get install ffmpeg, or set BROWSER_PROVIDER_FFMPEG).', 'encoder_missing');
  const reach = await state.reach();
  const path = videoPathOf(reach.engine);
  const page = reach.page();
  if (page === undefined) {
    throw new CallError({ code: 'page_not_found', message: 'There is no page to record; open one first.', retryable: false, details: { code: 'no_page', repair: { method: 'page.open', params: { url: 'about:blank' }, hint: 'Open a page with browser_navigate, then start the video.' } } });
  }
  // A screencast paints JPEG; screenshots fill in where it has not painted yet, or another tab is in use.
  const jpeg = path.jpeg || path.capture === 'screencast';
  const first = await capture(page, jpeg, AbortSignal.timeout(30_000));
  let painted: Buffer | undefined;
  let paints = 0;
  const onPaint = (data: string) => {
    painted = Buffer.from(data, 'base64');
    paints++;
  };
  const cast = path.capture === 'screencast' && page.screencast !== undefined ? await page.screencast(onPaint, AbortSignal.timeout(30_000)) : undefined;
  const fps = a.fps ?? DEFAULT_FPS;
  const { width, height } = frameSize(imageSize(first), a.size);
  const encoder = await VideoEncoder.start({ ffmpeg, width, height, fps, container: ext === '.mp4' ? 'mp4' : 'webm', image: jpeg ? 'jpeg' : 'png' });
  let sent = false;
  const grab = async (signal: AbortSignal) => {
    if (!sent) {
      sent = true;
      return first;
    }
    const p = await state.currentPage();
    if (p === undefined) return undefined;
    if (p === page && cast !== undefined && painted !== undefined) return painted;
    // Core's deadline, not AbortSignal.any with AbortSignal.timeout, whose timer Node 20 can collect unfired.
    const limit = deadline(10_000, signal);
    try {
      return await capture(p, jpeg, limit.signal);
    } finally {
      limit.dispose();
    }
  };
  state.recording = { recorder: new Recorder(encoder, grab, fps), filename, width, height, fps, cursor: a.cursor === true, ...(cast ? { screencast: { stop: () => cast.stop(), frames: () => paints } } : {}) };
  const structured = { recording: true, filename, width, height, fps, capture: path.capture, engine: reach.engine.info.family };
  return { text: `Video recording started: ${width}×${height} at ${fps} fps from ${path.capture} (${reach.engine.info.browserLabel}); browser_stop_video saves it to ${filename}.`, structured };
}

async function stop(ctx: ToolContext) {
  const state = VideoState.of(ctx.link);
  const rec = state.recording;
  if (rec === undefined) return { text: 'No videos were recorded.', structured: { files: [] } };
  state.recording = undefined;
  const stats = await rec.recorder.stop();
  await rec.screencast?.stop();
  await state.clear().catch(() => false);
  const bytes = await rec.recorder.encoder.finish().catch((e: unknown) => {
    throw new CallError({ code: 'internal_error', message: `The video could not be encoded: ${e instanceof Error ? e.message : String(e)}`, retryable: false, details: { code: 'encoder_failed' } });
  });
  const path = await writeOutput(ctx, rec.filename, bytes);
  const structured = { files: [path], bytes: bytes.length, width: rec.width, height: rec.height, fps: rec.fps, ...stats, ...(rec.screencast ? { screencastFrames: rec.screencast.frames() } : {}) };
  return { text: `Saved the video to ${path} (${(stats.durationMs / 1000).toFixed(1)} s, ${stats.frames} frames from ${stats.captures} captures, ${bytes.length} bytes).`, structured };
}

export const VIDEO_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_start_video',
    title: 'Start video',
    description: 'Start video recording of the current page (it follows the tab in use). Saved by browser_stop_video as WebM (VP8), or MP4 (H.264) for a .mp4 filename.',
    method: undefined,
    cap: 'devtools',
    // Reads the page and writes a file in the output folder, as browser_take_screenshot does.
    readOnly: true,
    input: z.object({
      filename: z.string().min(1).max(1_000).optional().describe('File name to save the video to, in this session\'s output folder. If not specified, the video is saved as `video-{timestamp}.webm`.'),
      size: Size.optional().describe('Video size; default: the viewport scaled down to fit 800×800.'),
      fps: z.number().int().min(1).max(60).optional().describe('Video frame rate in frames per second, defaults to 25.'),
      cursor: z.boolean().optional().describe('Mark each action point in the video (a ring where the pointer acted), until the recording stops.'),
    }),
    run: start,
  }),
  defineTool({
    name: 'browser_stop_video',
    title: 'Stop video',
    description: 'Stop video recording and save the file.',
    method: undefined,
    cap: 'devtools',
    readOnly: true,
    input: z.object({}),
    run: (ctx) => stop(ctx),
  }),
  defineTool({
    name: 'browser_video_chapter',
    title: 'Video chapter',
    description: 'Add a chapter marker to the video recording. Shows a full-screen chapter card with blurred backdrop, drawn in the page; it takes no input and goes by itself.',
    method: undefined,
    cap: 'devtools',
    readOnly: true,
    input: z.object({
      title: z.string().min(1).max(200).describe('Chapter title'),
      description: z.string().max(1_000).optional().describe('Chapter description'),
      duration: z.number().int().min(100).max(60_000).optional().describe('Duration in milliseconds to show the chapter card (default 2000).'),
    }),
    async run(ctx, a) {
      const state = VideoState.of(ctx.link);
      const ms = a.duration ?? DEFAULT_CHAPTER_MS;
      if (!(await state.chapter(a.title, a.description, ms))) throw unavailable('The chapter card could not be drawn: the page did not run it (no page, or it is navigating).', 'overlay_failed');
      // state.chapter waits while the card shows, so the next action happens after it in the video.
      return { text: `Chapter '${a.title}' added.`, structured: { title: a.title, duration: ms, recording: state.recording !== undefined } };
    },
  }),
  defineTool({
    name: 'browser_video_show_actions',
    title: 'Show action overlays',
    description: 'Annotate subsequent actions performed on the page with a callout that names the action and marks its point, drawn in the page (it takes no input). Useful while video recording.',
    method: undefined,
    cap: 'devtools',
    readOnly: true,
    input: z.object({
      duration: z.number().int().min(50).max(10_000).optional().describe('How long each action annotation stays on screen, in milliseconds. Defaults to 500.'),
      position: z.enum(['top-left', 'top', 'top-right', 'bottom-left', 'bottom', 'bottom-right']).optional().describe('Where to place the action title relative to the page. Defaults to top-right.'),
      cursor: z.enum(['none', 'pointer']).optional().describe('"pointer" (default) marks the point where the pointer acted; "none" leaves it unmarked.'),
      style: z
        .object({
          point: z.string().max(1_000).optional().describe('CSS declarations for the zero-sized marker centered on the action point, e.g. "width: 20px; height: 20px; border-radius: 50%; background: red".'),
          highlight: z.string().max(1_000).optional().describe('Accepted for Playwright MCP prompts; no box is drawn over the target here.'),
          title: z.string().max(1_000).optional().describe('CSS declarations for the action title, e.g. "font-size: 16px".'),
        })
        .optional()
        .describe('Styles of the action decorations.'),
    }),
    async run(ctx, a) {
      const state = VideoState.of(ctx.link);
      state.actions = { durationMs: a.duration ?? 500, position: a.position ?? 'top-right', cursor: a.cursor !== 'none', pointStyle: a.style?.point, titleStyle: a.style?.title };
      return { text: 'Action annotations enabled.', structured: { actions: true } };
    },
  }),
  defineTool({
    name: 'browser_video_hide_actions',
    title: 'Hide action overlays',
    description: 'Stop annotating actions performed on the page.',
    method: undefined,
    cap: 'devtools',
    readOnly: true,
    input: z.object({}),
    async run(ctx) {
      const state = VideoState.of(ctx.link);
      state.actions = undefined;
      await state.clear().catch(() => false);
      return { text: 'Action annotations disabled.', structured: { actions: false } };
    },
  }),
];
