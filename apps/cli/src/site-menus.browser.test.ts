import { Dispatcher, Provider } from '@browser-provider/core';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';

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
  const backend = await createBackend(browser);

  describeEngine(browser)(`site menu names on ${browser}`, () => {
    it('names a link across a line break and an inline edge space with a space, and leaves a noscript fallback out of it', async () => {
      const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
      let n = 0;
      const ok = async (method: string, params: Record<string, unknown>) => {
        const env: ResponseEnvelope = await d.handle({ protocol_version: '0.1', id: `m${++n}`, method, params: { timeout_ms: 60_000, ...params } });
        if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
        return env.result as Record<string, any>;
      };
      try {
        const { session_id } = await ok('session.ensure', {});
        await ok('page.open', { session_id, url: `${site.origin()}/` });
        const s = await ok('page.snapshot', { session_id });
        const links = (s.snapshot.nodes as Array<{ role: string; name: string }>).filter((x) => x.role === 'link').map((x) => x.name);
        expect(links).toEqual(['Follow Us On Twitter', '3:14 Play', '207 TWEET', 'Share on Facebook', 'bolder']);
        expect(s.text).not.toContain('<img');
      } finally {
        await backend.shutdown();
      }
    });
  });
}
