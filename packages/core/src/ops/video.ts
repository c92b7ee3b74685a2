import type { VideoCapture } from '@browser-provider/protocol';
import type { Backend } from '../backend';

/**
 * How a video (the MCP server's browser_start_video) gets its frames on an engine, as `describe`
 * says it. Every engine here records from screenshots at the asked rate for now: Firefox ESR 153 has
 * no BiDi `browsingContext.startScreencast` (it arrives in 154), WebKit's WebDriver has no
 * screencast, and Chromium's CDP screencast is not wired through chromedriver's BiDi here yet.
 * Decided from what the engine says of itself, never from its name.
 */
export interface VideoPath {
  capture: VideoCapture;
  /** Capture JPEG (the engine lists it for page.screenshot: smaller, faster to decode), else PNG. */
  jpeg: boolean;
}

export function videoPathOf(engine: Pick<Backend, 'screenshotFormats'>): VideoPath {
  return { capture: 'screenshots', jpeg: engine.screenshotFormats?.().includes('jpeg') === true };
}
