import { FIXTURE } from '../fixtures/pages';
import { check, type Scenario } from './context';
import { decodeBase64, readPngHeader } from './png';

const { home, delayed } = FIXTURE;

/**
 * Codes a timed-out wait must not use: each means something other than "the condition did not hold in
 * time". TODO(lead): the draft names no wait-timeout code; once core settles on one (we suggest
 * `navigation_timeout` with `details.code: "wait_timeout"`), assert exactly that code.
 */
const NOT_A_TIMEOUT = new Set(['internal_error', 'invalid_request', 'unsupported_method', 'session_not_found', 'page_not_found']);
const WAIT_TIMEOUT_MS = 800;

/** (8) `page.wait` sees the delayed change, and a wait for absent text ends in a timeout error. */
export const pageWaitScenario: Scenario = {
  id: '08-page-wait',
  method: 'page.wait',
  title: 'page.wait observes a delayed change and times out on absent text',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('wait', delayed.path);
    const seen = await ctx.ok('page.wait', { ...page, text_present: delayed.after, timeout_ms: 10_000 });
    check(seen.satisfied, `page.wait for "${delayed.after}" answered satisfied: false`);
    const snap = await ctx.snapshot(page);
    check(snap.text.includes(delayed.after), `after the wait the snapshot lacks "${delayed.after}"`);

    const started = performance.now();
    const timedOut = await ctx.fails('page.wait', { ...page, text_present: FIXTURE.neverPresent, timeout_ms: WAIT_TIMEOUT_MS });
    const elapsed = performance.now() - started;
    const { code, details } = timedOut.error;
    check(!NOT_A_TIMEOUT.has(code), `a timed-out wait answered ${code}, which does not mean "timed out"`);
    // A wait that fails at once never waited; one that overruns by far ignored its deadline.
    check(elapsed >= WAIT_TIMEOUT_MS * 0.9, `the wait failed after ${Math.round(elapsed)} ms, before its ${WAIT_TIMEOUT_MS} ms timeout`);
    check(elapsed < WAIT_TIMEOUT_MS + 10_000, `the wait took ${Math.round(elapsed)} ms for a ${WAIT_TIMEOUT_MS} ms timeout`);
    ctx.note(`wait timeout answered ${code}${typeof details.code === 'string' ? ` (${details.code})` : ''}`);
  },
};

/** (9) `page.screenshot` returns a real PNG whose header matches the reported size. */
export const pageScreenshotScenario: Scenario = {
  id: '09-page-screenshot',
  method: 'page.screenshot',
  title: 'page.screenshot returns a PNG of the reported size',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('screenshot', home.path);
    const shot = await ctx.ok('page.screenshot', { ...page });
    check(shot.media_type === 'image/png', `media_type is "${shot.media_type}"`);
    // Over stdio there is no way to fetch an image_ref, so certification needs the bytes inline.
    check(typeof shot.image === 'string', 'no inline image (image_ref alone cannot be checked over stdio)');
    const bytes = decodeBase64(shot.image);
    check(bytes, 'image is not valid base64');
    const header = readPngHeader(bytes);
    check(typeof header !== 'string', `image is not a PNG: ${String(header)}`);
    check(header.width > 0 && header.height > 0, `PNG is ${header.width}×${header.height}`);
    check(
      header.width === shot.width && header.height === shot.height,
      `PNG is ${header.width}×${header.height} but the result says ${shot.width}×${shot.height}`,
    );
    ctx.note(`${shot.width}×${shot.height}, ${bytes.length} bytes`);
  },
};
