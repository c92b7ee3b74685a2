import type { BidiBrowser } from '@browser-provider/bidi';
import type { MediaFeature, MediaOverrides } from '@browser-provider/protocol';
import { cdpCommand } from './cdp';

/**
 * `page.emulate_media` on Chrome: WebDriver BiDi has no media emulation yet, so it goes through CDP
 * (chromedriver's `goog:cdp.sendCommand`, Emulation.setEmulatedMedia) in the page's own CDP session,
 * behind our method: the client gets no raw CDP. The override stays with the page across navigations.
 */
export const CHROME_MEDIA_FEATURES: readonly MediaFeature[] = ['color_scheme', 'reduced_motion', 'forced_colors', 'contrast', 'media'];

/** Our feature names as CSS media feature names. */
const CSS_NAMES: Record<Exclude<MediaFeature, 'media'>, string> = {
  color_scheme: 'prefers-color-scheme',
  reduced_motion: 'prefers-reduced-motion',
  forced_colors: 'forced-colors',
  contrast: 'prefers-contrast',
};

export async function chromeEmulateMedia(browser: BidiBrowser, context: string, o: MediaOverrides, signal: AbortSignal): Promise<void> {
  // setEmulatedMedia replaces the whole emulation: a feature left out (or the empty media type) is the browser's own.
  const features = Object.entries(CSS_NAMES).map(([ours, css]) => ({ name: css, value: o[ours as keyof typeof CSS_NAMES] ?? '' }));
  await cdpCommand(browser, context, 'Emulation.setEmulatedMedia', { media: o.media ?? '', features }, signal);
}
