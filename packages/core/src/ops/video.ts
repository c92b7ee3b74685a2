import type { VideoCapture } from '@browser-provider/protocol';
import type { Backend } from '../backend';

/**
 * How a video (the MCP server's browser_start_video) gets its frames on an engine, as `describe`
 * says it: the engine's screencast where its pages have one (Chromium: CDP Page.startScreencast
 * through chromedriver), else screenshots at the asked rate (Firefox ESR 153 has no BiDi
 * `browsingContext.startScreencast`, which arrives in 154; WebKit's WebDriver has no screencast).
 * Decided from what the engine says of itself, never from its name.
 */
export interface VideoPath {
  capture: VideoCapture;
  /** Capture JPEG (the engine lists it for page.screenshot: smaller, faster to decode), else PNG. */
  jpeg: boolean;
}

export function videoPathOf(engine: Pick<Backend, 'screenshotFormats' | 'screencast'>): VideoPath {
  return { capture: engine.screencast?.() === true ? 'screencast' : 'screenshots', jpeg: engine.screenshotFormats?.().includes('jpeg') === true };
}
