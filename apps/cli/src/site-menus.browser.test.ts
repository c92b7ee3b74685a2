import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS } from './browsers';
import { openDispatchSession } from './testing/dispatch-session';

/**
 * Site menus and headline links on real pages (issue 30, finding 8), named as the browsers name them,
 * so an agent finds them by the words Chromium's accessibility tree, and Playwright, give them: a line
 * break in a link's content is a space ("Follow Us<br>On Twitter", WIRED's menu), and a `<noscript>`
 * inside a link (a lazy image's fallback, TODAY's video teasers) is not part of its name, and a space at
 * the edge of an inline element still parts two words (USA Today's "207 TWEET", Vulture's "Share on
 * Facebook") while words that touch stay one ("bolder").
 */

const site = servePage(`<!doctype html><title>Menus</title><body>
<nav><ul>
  <li><a href="/twitter"><h4>Follow Us<br>On Twitter</h4></a></li>
  <li><a href="/video"><span>3:14</span> <img alt="Play" src="data:,"><noscript><img alt="Kathie Lee and Hoda" src="/tease.jpg"></noscript></a></li>
  <li><a href="/tweet"><span class="count">
    207
  </span><span class="label">TWEET</span></a></li>
  <li><a href="/share">Share<span> on Facebook</span></a></li>
  <li><a href="/bold"><b>bold</b>er <img alt="" src="data:,"></a></li>
</ul></nav>
</body>`);

for (const browser of BROWSERS) {
  describeEngine(browser)(`site menu names on ${browser}`, () => {
    it('names a link across a line break and an inline edge space with a space, and leaves a noscript fallback out of it', async () => {
      const session = await openDispatchSession(browser);
      try {
        await session.call('page.open', { url: `${site.origin()}/` });
        const s = await session.call('page.snapshot');
        const links = (s.snapshot.nodes as Array<{ role: string; name: string }>).filter((x) => x.role === 'link').map((x) => x.name);
        expect(links).toEqual(['Follow Us On Twitter', '3:14 Play', '207 TWEET', 'Share on Facebook', 'bolder']);
        expect(s.text).not.toContain('<img');
      } finally {
        await session.close();
      }
    });
  });
}
