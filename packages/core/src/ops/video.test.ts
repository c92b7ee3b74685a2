import { describe, expect, it } from 'vitest';
import { videoPathOf } from './video';

describe('videoPathOf', () => {
  it('takes JPEG screenshots where the engine lists JPEG, PNG where it does not', () => {
    expect(videoPathOf({ screenshotFormats: () => ['png', 'jpeg'] })).toEqual({ capture: 'screenshots', jpeg: true });
    expect(videoPathOf({ screenshotFormats: () => ['png'] })).toEqual({ capture: 'screenshots', jpeg: false });
    expect(videoPathOf({})).toEqual({ capture: 'screenshots', jpeg: false });
  });

  it('takes the screencast where the engine says its pages have one', () => {
    expect(videoPathOf({ screencast: () => true, screenshotFormats: () => ['png', 'jpeg'] })).toEqual({ capture: 'screencast', jpeg: true });
    expect(videoPathOf({ screencast: () => false })).toEqual({ capture: 'screenshots', jpeg: false });
  });
});
