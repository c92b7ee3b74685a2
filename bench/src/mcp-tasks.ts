import { TASKS_FIXTURE as T } from '@browser-provider/conformance';
import type { Agent } from './mcp-agent';

/**
 * The scripted tasks of `pnpm bench --mcp`, on the fixture shop (conformance/src/fixtures/tasks.ts).
 * Each is what a model would do with Playwright MCP's tools, step by step from what it has read, and
 * answers whether the page shows the task done. The same script drives every server.
 */

export interface McpTask {
  name: string;
  run(a: Agent, origin: string): Promise<boolean>;
}

export const MCP_TASKS: McpTask[] = [
  {
    name: 'sign in',
    async run(a, origin) {
      await a.call('browser_navigate', { url: origin + T.login.path }, { navigates: true });
      await a.call('browser_type', { target: await a.ref('textbox', 'Username'), text: T.login.user });
      await a.call('browser_type', { target: await a.ref('textbox', 'Password'), text: T.login.password });
      await a.call('browser_click', { target: await a.ref('button', 'Sign in') }, { navigates: true });
      return a.sees(T.login.welcome);
    },
  },
  {
    name: 'search, open the third result',
    async run(a, origin) {
      await a.call('browser_navigate', { url: origin + T.search.path }, { navigates: true });
      await a.call('browser_type', { target: await a.ref('searchbox', 'Search products'), text: T.search.query, submit: true });
      const third = (await a.refs('link', new RegExp(T.search.query, 'i'), 3))[2] as string;
      await a.call('browser_click', { target: third }, { navigates: true });
      return a.sees(`heading "${T.search.third}"`);
    },
  },
  {
    name: 'order form: text, select, checkbox',
    async run(a, origin) {
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
    async run(a, origin) {
      await a.call('browser_navigate', { url: origin + T.table.path }, { navigates: true });
      return (await a.read(T.table.product, /cell "\$([\d.]+)"/)) === T.table.price;
    },
  },
  {
    name: 'three-page sign-up',
    async run(a, origin) {
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
    async run(a, origin) {
      await a.call('browser_navigate', { url: origin + T.login.path }, { navigates: true });
      await a.call('browser_cookie_set', { name: 'bench_pref', value: 'dark' });
      await a.call('browser_navigate', { url: origin + T.login.path }, { navigates: true });
      return /bench_pref=dark/.test(await a.call('browser_cookie_get', { name: 'bench_pref' }));
    },
  },
  {
    name: 'route a request to a stub answer',
    async run(a, origin) {
      await a.call('browser_route', { pattern: '**/api/stubbed', status: 200, contentType: 'text/html', body: '<!doctype html><title>Stub</title><h1>Stubbed answer</h1>' });
      await a.call('browser_navigate', { url: `${origin}/api/stubbed` }, { navigates: true });
      const ok = await a.sees('Stubbed answer');
      await a.call('browser_unroute', {});
      return ok;
    },
  },
];
