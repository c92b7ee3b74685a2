import { FIXTURE } from '../fixtures/pages';
import { check, type Scenario } from './context';
import { decodeBase64, readPngHeader } from './png';

const { home, delayed } = FIXTURE;

/**
 * A wait whose condition never holds may answer either way the draft allows: `ok:true` with
 * `satisfied: false` (what our core does, adding a warning), or `ok:false` with a code that means
 * "timed out". Either way it must have waited for its deadline and not much longer.
 * TODO(lead): if the team wants one form only, narrow this to it.
 */
const NOT_A_TIMEOUT = new Set(['internal_error', 'invalid_request', 'unsupported_method', 'session_not_found', 'page_not_found']);
const WAIT_TIMEOUT_MS = 1_000;
/** Providers may stop polling a little before the deadline so the answer arrives in time. */
const EARLIEST_GIVE_UP = 0.5;

/** (8) `page.wait` sees the delayed change, and a wait for absent text gives up at its deadline. */
export const pageWaitScenario: Scenario = {
  id: '08-page-wait',
  tier: 'core',
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
    const r = await ctx.client.call(
      'page.wait',
      { ...page, text_present: FIXTURE.neverPresent, timeout_ms: WAIT_TIMEOUT_MS },
      { signal: ctx.signal },
    );
    const elapsed = performance.now() - started;
    if (r.ok) {
      const result = r.result as { satisfied: boolean };
      check(!result.satisfied, `page.wait for absent text "${FIXTURE.neverPresent}" answered satisfied: true`);
      ctx.note('wait timeout answered ok:true, satisfied:false');
    } else {
      const { code, details } = r.error;
      check(!NOT_A_TIMEOUT.has(code), `a timed-out wait answered ${code}, which does not mean "timed out"`);
      ctx.note(`wait timeout answered ${code}${typeof details.code === 'string' ? ` (${details.code})` : ''}`);
    }
    // A wait that gives up at once never waited; one that overruns by far ignored its deadline.
    check(elapsed >= WAIT_TIMEOUT_MS * EARLIEST_GIVE_UP, `the wait gave up after ${Math.round(elapsed)} ms, before its ${WAIT_TIMEOUT_MS} ms timeout`);
    check(elapsed < WAIT_TIMEOUT_MS + 10_000, `the wait took ${Math.round(elapsed)} ms for a ${WAIT_TIMEOUT_MS} ms timeout`);
  },
};

/** (9) `page.screenshot` returns a real PNG whose header matches the reported size. */
export const pageScreenshotScenario: Scenario = {
  id: '09-page-screenshot',
  tier: 'core',
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
