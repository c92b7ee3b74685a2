import type { Backend } from '@browser-provider/core';

/** How a video gets its frames on an engine: the engine's screencast, or its screenshots at the asked rate. */
export type VideoCapture = 'screencast' | 'screenshots';

export interface VideoPath {
  capture: VideoCapture;
  /** Capture JPEG (the engine lists it for page.screenshot), else PNG. */
  jpeg: boolean;
}

/**
 * Every engine here records from screenshots for now: Firefox ESR 153 has no BiDi
 * `browsingContext.startScreencast` (it arrives in 154), WebKit's WebDriver has no screencast, and
 * Chromium's CDP screencast is not wired through chromedriver's BiDi here yet. Decided from what the
 * engine says of itself, never from its name.
 */
export function videoCaptureOf(engine: Pick<Backend, 'screenshotFormats'>): VideoPath {
  return { capture: 'screenshots', jpeg: engine.screenshotFormats?.().includes('jpeg') === true };
}
