import { TASKS_FIXTURE as T } from '@browser-provider/conformance';
import type { Agent } from './mcp-agent';
import type { CorpusServer } from './real-pages/server';

/**
 * The scripted tasks of `pnpm bench --mcp`, on the fixture shop (conformance/src/fixtures/tasks.ts)
 * and one saved real page of the `--real-pages` corpus. Each is what a model would do with Playwright
 * MCP's tools, step by step from what it has read, and answers whether the page shows the task done.
 * The same script drives every server.
 */

export interface Sites {
  /** The fixture shop's origin. */
  shop: string;
  corpus: CorpusServer;
}

export interface McpTask {
  name: string;
  run(a: Agent, at: Sites): Promise<boolean>;
}

/**
 * The corpus holds saved article pages only (Mercury Parser's fixtures), no front pages. Deadspin's
 * article page has its headline as a link to the article's permalink, which the corpus server serves
 * (the saved page at the path it had on its site): the script reads the headline and follows it.
 */
export const NEWS = {
  page: 'deadspin.com/1476389931786.html',
  permalink: '/the-nationals-are-stuck-with-danny-espinosa-tonight-un-1787706769',
  /** The saved page's h1 and title, to check what the script read. */
  headline: 'The Nationals Are Stuck With Danny Espinosa Tonight, Unless They Opt For The Only Thing Worse',
} as const;

export const MCP_TASKS: McpTask[] = [
  {
    name: 'sign in',
    async run(a, { shop: origin }) {
      await a.call('browser_navigate', { url: origin + T.login.path }, { navigates: true });
      await a.call('browser_type', { target: await a.ref('textbox', 'Username'), text: T.login.user });
      await a.call('browser_type', { target: await a.ref('textbox', 'Password'), text: T.login.password });
      await a.call('browser_click', { target: await a.ref('button', 'Sign in') }, { navigates: true });
      return a.sees(T.login.welcome);
    },
  },
  {
    name: 'search, open the third result',
    async run(a, { shop: origin }) {
      await a.call('browser_navigate', { url: origin + T.search.path }, { navigates: true });
      await a.call('browser_type', { target: await a.ref('searchbox', 'Search products'), text: T.search.query, submit: true });
      const third = (await a.refs('link', new RegExp(T.search.query, 'i'), 3))[2] as string;
      await a.call('browser_click', { target: third }, { navigates: true });
      return a.sees(`heading "${T.search.third}"`);
    },
  },
  {
    name: 'order form: text, select, checkbox',
    async run(a, { shop: origin }) {
      await a.call('browser_navigate', { url: origin + T.order.path }, { navigates: true });
      await a.call('browser_type', { target: await a.ref('textbox', 'Name'), text: 'Grace' });
      await a.call('browser_select_option', { target: await a.ref('combobox', 'Country'), values: [T.order.country] });
      await a.call('browser_click', { target: await a.ref('checkbox', 'Gift wrap') });
      await a.call('browser_click', { target: await a.ref('button', 'Place order') });
      return a.sees(T.order.placed);
    },
  },
  {
    name: 'read a price from a table',
    async run(a, { shop: origin }) {
      await a.call('browser_navigate', { url: origin + T.table.path }, { navigates: true });
      return (await a.read(T.table.product, /cell "\$([\d.]+)"/)) === T.table.price;
    },
  },
  {
    name: 'three-page sign-up',
    async run(a, { shop: origin }) {
      await a.call('browser_navigate', { url: origin + T.signup.path }, { navigates: true });
      await a.call('browser_click', { target: await a.ref('radio', T.signup.plan) });
      await a.call('browser_click', { target: await a.ref('button', 'Next') }, { navigates: true });
      await a.call('browser_type', { target: await a.ref('textbox', 'Email'), text: T.signup.email });
      await a.call('browser_click', { target: await a.ref('button', 'Next') }, { navigates: true });
      await a.call('browser_click', { target: await a.ref('button', 'Confirm') });
      return a.sees(T.signup.done);
    },
  },
  {
    name: 'set a cookie and reload',
    async run(a, { shop: origin }) {
      await a.call('browser_navigate', { url: origin + T.login.path }, { navigates: true });
      await a.call('browser_cookie_set', { name: 'bench_pref', value: 'dark' });
      await a.call('browser_navigate', { url: origin + T.login.path }, { navigates: true });
      return /bench_pref=dark/.test(await a.call('browser_cookie_get', { name: 'bench_pref' }));
    },
  },
  {
    name: 'reorder a sortable list by dragging',
    async run(a, { shop }) {
      const { move, onto, saved } = T.sortable;
      await a.call('browser_navigate', { url: shop + T.sortable.path }, { navigates: true });
      const from = await a.ref('button', `Move ${move}`);
      const to = await a.ref('button', `Move ${onto}`);
      await a.call('browser_drag', { startElement: `Move ${move}`, startTarget: from, endElement: `Move ${onto}`, endTarget: to });
      return a.sees(saved);
    },
  },
  {
    name: 'read a news headline, open its article',
    async run(a, { corpus }) {
      await a.call('browser_navigate', { url: corpus.url(NEWS.page) }, { navigates: true });
      const headline = await a.heading(1);
      if (headline !== NEWS.headline) return false;
      await a.call('browser_click', { target: await a.ref('link', headline) }, { navigates: true });
      // Opened: the answer names the permalink's address and the article's title.
      return (await a.sees(NEWS.permalink)) && (await a.sees(headline));
    },
  },
  {
    name: 'route a request to a stub answer',
    async run(a, { shop: origin }) {
      await a.call('browser_route', { pattern: '**/api/stubbed', status: 200, contentType: 'text/html', body: '<!doctype html><title>Stub</title><h1>Stubbed answer</h1>' });
      await a.call('browser_navigate', { url: `${origin}/api/stubbed` }, { navigates: true });
      const ok = await a.sees('Stubbed answer');
      await a.call('browser_unroute', {});
      return ok;
    },
  },
];
