import { check, type Scenario } from '../context';
import { openOptional } from './helpers';
import { OPTIONAL_FIXTURE } from './pages';

const { main } = OPTIONAL_FIXTURE;

const poll = async <T>(get: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

export const evalScenario: Scenario = {
  id: 'o05-page-eval',
  tier: 'optional',
  method: 'page.eval',
  title: 'page.eval is refused without --allow-eval, and evaluates with it',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'eval', 'page.eval');
    const r = await ctx.client.call('page.eval', { ...page, expression: '6 * 7' }, { signal: ctx.signal });
    if (!r.ok) {
      check(r.error.code === 'permission_denied' && r.error.details.code === 'gated', `page.eval answered ${r.error.code}/${String(r.error.details.code)}, expected permission_denied/gated without --allow-eval`);
      ctx.note('the server runs without --allow-eval: the refusal was checked');
      return;
    }
    const v = r.result as { value: unknown; type: string };
    check(v.value === 42 && v.type === 'number', `6 * 7 evaluated to ${JSON.stringify(v)}`);
  },
};

export const consoleListScenario: Scenario = {
  id: 'o06-console-list',
  tier: 'optional',
  method: 'console.list',
  title: "console.list shows the page's console.log",
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'console', 'console.list');
    const r = await poll(() => ctx.ok('console.list', { ...page }), (v) => v.entries.some((e) => e.text.includes(main.consoleText)));
    check(r.entries.some((e) => e.text.includes(main.consoleText)), `no console entry "${main.consoleText}" among ${r.entries.length}`);
  },
};

export const networkListScenario: Scenario = {
  id: 'o07-network-list',
  tier: 'optional',
  method: 'network.list',
  title: "network.list shows the document and the page's fetch with their status",
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'network', 'network.list');
    const api = ctx.url(main.apiPath);
    const r = await poll(() => ctx.ok('network.list', { ...page }), (v) => v.requests.some((q) => q.url === api && q.status === 200));
    check(r.requests.some((q) => q.url === ctx.url(main.path) && q.status === 200), 'the document request is missing or has no status 200');
    check(r.requests.some((q) => q.url === api && q.status === 200), `the page's fetch of ${api} is missing or has no status 200`);
  },
};

export const cookieListScenario: Scenario = {
  id: 'o08-cookie-list',
  tier: 'optional',
  method: 'cookie.list',
  title: 'cookie.list shows the cookie the page set, and filters by URL',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'cookies', 'cookie.list');
    const all = await ctx.ok('cookie.list', { ...page });
    check(all.cookies.some((c) => c.name === main.cookie && c.value === '1'), `no cookie ${main.cookie}=1 among [${all.cookies.map((c) => c.name).join(', ')}]`);
    const other = await ctx.ok('cookie.list', { ...page, urls: ['https://other.invalid/'] });
    check(!other.cookies.some((c) => c.name === main.cookie), 'the cookie is listed for another site');
  },
};

export const storageGetScenario: Scenario = {
  id: 'o09-storage-get',
  tier: 'optional',
  method: 'storage.get',
  title: "storage.get reads the page origin's localStorage",
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'storage', 'storage.get');
    const r = await ctx.ok('storage.get', { ...page, kind: 'local' });
    check(r.entries[main.storageKey] === main.storageValue, `localStorage.${main.storageKey} is ${JSON.stringify(r.entries[main.storageKey])}`);
    check(r.origin === new URL(ctx.origin).origin, `origin is "${r.origin}"`);
  },
};
