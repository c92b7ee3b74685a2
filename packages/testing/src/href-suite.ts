import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher, Provider, type Backend } from '@browser-provider/core';
import { hrefCases, hrefPage } from '@browser-provider/page-script/href-cases';
import { servePage } from './page-server';
import { dispatchClient } from './dispatch-client';

const HREFS = hrefCases();

/**
 * Link hrefs on one real engine, through core's dispatcher as a client calls it: every link's href in
 * `page.snapshot` must be what the engine's own `a.href` says, for hrefs the page script builds itself
 * (a path-absolute href it keeps as written: page-script's facts.ts) and hrefs it leaves to the engine,
 * against the document URL and against a `<base>` on another host, with a user, or of another scheme.
 */
export function describeLinkHrefs(name: string, make: () => Backend): void {
  describe(`${name}: link hrefs in snapshots`, () => {
    const pages: Record<string, string> = {
      '/dir/plain': hrefPage(HREFS),
      // Filled in once the port is known (beforeAll below).
      '/dir/other-host': '',
      '/dir/user': '',
      '/dir/file-base': hrefPage(HREFS, 'file:///srv/x/'),
    };
    const served = servePage(pages['/dir/plain']!, pages);
    let provider: Provider;
    let d: Dispatcher;
    let page: { session_id: string; page_id: string };
    const { ok } = dispatchClient(() => d);

    beforeAll(async () => {
      const port = new URL(served.origin()).port;
      pages['/dir/other-host'] = hrefPage(HREFS, `http://localhost:${port}/elsewhere/page?q#f`);
      pages['/dir/user'] = hrefPage(HREFS, `http://user:pw@127.0.0.1:${port}/x/`);
      provider = new Provider({ backend: make(), allowEval: true });
      d = new Dispatcher(provider);
      const s = await ok('session.ensure', { client_session_id: 'hrefs', timeout_ms: 90_000 });
      page = { session_id: s.session_id, page_id: s.default_page_id };
    });
    afterAll(async () => {
      await provider?.shutdown();
    });

    it.each(['/dir/plain', '/dir/other-host', '/dir/user', '/dir/file-base'])('%s: each link href is the engine\'s own a.href', async (path) => {
      await ok('page.open', { ...page, url: `${served.origin()}${path}` });
      const own = JSON.parse(
        (await ok('page.eval', { ...page, expression: `JSON.stringify([...document.querySelectorAll('a')].map((a) => a.href))` })).value as string,
      ) as string[];
      expect(own).toHaveLength(HREFS.length);
      const snap = await ok('page.snapshot', { ...page, max_nodes: 5000 });
      const links = new Map<string, unknown>((snap.snapshot.nodes as Array<{ role: string; name: string; href?: string }>).filter((x) => x.role === 'link').map((x) => [x.name, x.href]));
      const mismatched = own.flatMap((expected, i) => (links.get(`L${i}`) === expected ? [] : [{ href: HREFS[i], got: links.get(`L${i}`), expected }]));
      expect(mismatched).toEqual([]);
    });
  });
}
