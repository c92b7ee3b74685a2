import { check, type Scenario } from '../context';
import { openOptional } from './helpers';
import { OPTIONAL_FIXTURE } from './pages';

const { main, second } = OPTIONAL_FIXTURE;

export const goBackScenario: Scenario = {
  id: 'o01-page-go-back',
  tier: 'optional',
  method: 'page.go_back',
  title: 'page.go_back returns to the previous document',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'go-back', 'page.go_back');
    await ctx.ok('page.open', { ...page, url: ctx.url(second.path) });
    const back = await ctx.ok('page.go_back', { ...page });
    check(back.url === ctx.url(main.path), `url after go_back is "${back.url}"`);
    const snap = await ctx.snapshot(page);
    check(snap.title === main.title, `title after go_back is "${snap.title}"`);
  },
};

export const goForwardScenario: Scenario = {
  id: 'o02-page-go-forward',
  tier: 'optional',
  method: 'page.go_forward',
  title: 'page.go_forward returns to the next document',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'go-forward', 'page.go_forward');
    await ctx.ok('page.open', { ...page, url: ctx.url(second.path) });
    await ctx.ok('page.go_back', { ...page });
    const fwd = await ctx.ok('page.go_forward', { ...page });
    check(fwd.url === ctx.url(second.path), `url after go_forward is "${fwd.url}"`);
  },
};

export const reloadScenario: Scenario = {
  id: 'o03-page-reload',
  tier: 'optional',
  method: 'page.reload',
  title: 'page.reload loads the document again (old refs go stale)',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'reload', 'page.reload');
    const before = await ctx.snapshot(page);
    const ref = before.elements.find((e) => e.role === 'button')?.element_ref;
    check(ref !== undefined, 'no button on the fixture page');
    const r = await ctx.ok('page.reload', { ...page });
    check(r.url === ctx.url(main.path), `url after reload is "${r.url}"`);
    const stale = await ctx.fails('page.click', { ...page, element_ref: ref });
    check(stale.error.code === 'element_not_found', `a ref from before the reload answered ${stale.error.code}, expected element_not_found`);
  },
};

export const scrollScenario: Scenario = {
  id: 'o04-page-scroll',
  tier: 'optional',
  method: 'page.scroll',
  title: 'page.scroll moves the page by a delta and brings an element into view',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'scroll', 'page.scroll');
    const by = await ctx.ok('page.scroll', { ...page, delta_y: 400 });
    check(by.scroll_y === 400, `scroll_y after delta 400 is ${by.scroll_y}`);
    const far = await ctx.ok('page.scroll', { ...page, text_query: main.farText });
    check(far.scroll_y > 2000, `scroll_y after scrolling "${main.farText}" into view is ${far.scroll_y}`);
  },
};
