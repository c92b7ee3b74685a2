import { check, type Scenario } from '../context';
import { custom, openOptional } from './helpers';
import { OPTIONAL_FIXTURE } from './pages';

const { main, second } = OPTIONAL_FIXTURE;

export const dialogScenario: Scenario = {
  id: 'o13-dialog-handle',
  tier: 'optional',
  method: 'dialog.handle',
  title: 'a confirm never hangs the session: dismissed by default, accepted after dialog.handle, reported as a warning',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'dialog', 'dialog.handle');
    const first = await ctx.client.call('page.click', { ...page, selector: '#confirm' }, { signal: ctx.signal, timeoutMs: 15_000 });
    check(first.ok, `page.click on a button that opens a confirm answered ${first.ok ? '' : first.error.code}`);
    const dismissed = await ctx.ok('page.wait', { ...page, text_present: `${main.dialogPrefix}false`, timeout_ms: 5_000 });
    check(dismissed.satisfied, 'the confirm was not dismissed by default');
    const later = await ctx.client.call('tab.list', { session_id: page.session_id }, { signal: ctx.signal });
    const warned = [...(first.ok ? first.warnings : []), ...(later.ok ? later.warnings : [])];
    check(warned.some((w) => w.includes('Proceed?')), `no warning mentions the dialog: ${JSON.stringify(warned)}`);
    await custom(ctx, 'dialog.handle', { session_id: page.session_id, page_id: page.page_id, accept: true });
    await ctx.ok('page.click', { ...page, selector: '#confirm' });
    const accepted = await ctx.ok('page.wait', { ...page, text_present: `${main.dialogPrefix}true`, timeout_ms: 5_000 });
    check(accepted.satisfied, 'dialog.handle accept: true did not accept the next confirm');
  },
};

export const eventsScenario: Scenario = {
  id: 'o14-events-subscribe',
  tier: 'optional',
  method: 'events.subscribe',
  title: 'events.subscribe makes page.navigated events appear on the stream',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'events', 'events.subscribe');
    const r = await custom(ctx, 'events.subscribe', { session_id: page.session_id, events: ['page.navigated', 'page.dialog'] });
    check(Array.isArray(r.subscribed) && r.subscribed.includes('page.navigated'), `subscribed is ${JSON.stringify(r.subscribed)}`);
    const seen = ctx.client.events.length;
    await ctx.ok('page.open', { ...page, url: ctx.url(second.path) });
    const until = Date.now() + 3_000;
    const found = () =>
      ctx.client.events.slice(seen).some((e) => e.event === 'page.navigated' && e.payload.session_id === page.session_id && e.payload.url === ctx.url(second.path));
    while (!found() && Date.now() < until) await new Promise((res) => setTimeout(res, 100));
    check(found(), 'no page.navigated event for the navigation');
  },
};

export const popupScenario: Scenario = {
  id: 'o15-popup-adopted',
  tier: 'optional',
  method: 'tab.list',
  title: 'a popup opened by the page (target=_blank) becomes a page of the session',
  needsBrowser: true,
  async run(ctx) {
    const page = await openOptional(ctx, 'popup', 'tab.list');
    await ctx.ok('page.click', { ...page, selector: '#popup' });
    const until = Date.now() + 5_000;
    let tabs = (await ctx.ok('tab.list', { session_id: page.session_id })).tabs;
    while (tabs.length < 2 && Date.now() < until) {
      await new Promise((res) => setTimeout(res, 100));
      tabs = (await ctx.ok('tab.list', { session_id: page.session_id })).tabs;
    }
    const popup = tabs.find((t) => t.page_id !== page.page_id);
    check(popup !== undefined, 'the popup is not among the session tabs');
    const waited = await ctx.ok('page.wait', { session_id: page.session_id, page_id: popup.page_id, text_present: second.heading, timeout_ms: 10_000 });
    check(waited.satisfied, 'the popup page never showed the second page');
  },
};
