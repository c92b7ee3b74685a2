import { SNAPSHOT_FORMAT } from '@browser-provider/protocol';
import { FIXTURE } from '../fixtures/pages';
import { check, findElement, type Scenario } from './context';

const { home, form } = FIXTURE;

/** (4) `page.open` lands on the fixture page: the URL and title are the fixture's. */
export const pageOpenScenario: Scenario = {
  id: '04-page-open',
  tier: 'core',
  method: 'page.open',
  title: 'page.open navigates to a fixture page',
  needsBrowser: true,
  async run(ctx) {
    const opened = await ctx.openFixture('open', home.path);
    check(opened.url === ctx.url(home.path), `url is "${opened.url}", expected "${ctx.url(home.path)}"`);
    // title is optional in the result; when absent, the snapshot must still show the page's title.
    const title = opened.title ?? (await ctx.snapshot(opened)).title;
    check(title === home.title, `title is "${title}", expected "${home.title}"`);
  },
};

/** (5) `page.snapshot` is v1, has readable text and refs, and names the fixture's controls. */
export const pageSnapshotScenario: Scenario = {
  id: '05-page-snapshot',
  tier: 'core',
  method: 'page.snapshot',
  title: 'page.snapshot returns v1 nodes, text and actionable refs',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('snapshot', home.path);
    const snap = await ctx.snapshot(page);
    check(snap.snapshot.format === SNAPSHOT_FORMAT, `snapshot.format is "${snap.snapshot.format}"`);
    check(snap.text.trim().length > 0, 'text is empty');
    check(snap.url === ctx.url(home.path), `url is "${snap.url}"`);
    check(snap.title === home.title, `title is "${snap.title}"`);
    const actionable = snap.elements.filter((e) => e.actionable && e.element_ref.length > 0);
    check(actionable.length > 0, 'no actionable element with an element_ref');
    const refs = snap.elements.map((e) => e.element_ref);
    check(new Set(refs).size === refs.length, 'elements repeat an element_ref');
    const button = findElement(snap.elements, 'button', home.button);
    check(button.actionable && button.enabled, 'the fixture button is not offered as actionable and enabled');
    findElement(snap.elements, 'link', home.link);
    check(snap.text.includes(home.button), `text does not mention "${home.button}"`);
    const nodeIds = new Set(snap.snapshot.nodes.map((n) => n.node_id).concat(snap.snapshot.root.node_id));
    const dangling = [snap.snapshot.root, ...snap.snapshot.nodes]
      .flatMap((n) => n.children ?? [])
      .filter((id) => !nodeIds.has(id));
    check(dangling.length === 0, `children name nodes that are not in the snapshot: ${dangling.slice(0, 5).join(', ')}`);
    check(
      snap.snapshot.nodes.some((n) => n.role === 'heading' && n.name.trim() === home.heading),
      `no heading node named "${home.heading}"`,
    );
  },
};

/** (6) `page.click` on the button's ref runs the page's click handler. */
export const pageClickScenario: Scenario = {
  id: '06-page-click',
  tier: 'core',
  method: 'page.click',
  title: 'page.click by element_ref activates the button',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('click', home.path);
    const before = await ctx.snapshot(page);
    check(before.text.includes(home.statusBefore), `the page does not start with "${home.statusBefore}"`);
    const button = findElement(before.elements, 'button', home.button);
    const clicked = await ctx.ok('page.click', { ...page, element_ref: button.element_ref });
    check(clicked.clicked, 'page.click answered clicked: false');
    const waited = await ctx.ok('page.wait', { ...page, text_present: home.statusAfter, timeout_ms: 5_000 });
    check(waited.satisfied, `page.wait for "${home.statusAfter}" answered satisfied: false`);
    const after = await ctx.snapshot(page);
    check(after.text.includes(home.statusAfter), `after the click the snapshot lacks "${home.statusAfter}"`);
    check(!after.text.includes(home.statusBefore), `after the click the snapshot still shows "${home.statusBefore}"`);
  },
};

/** (7) `page.type` fills the input: the page's own input handler echoes the value. */
export const pageTypeScenario: Scenario = {
  id: '07-page-type',
  tier: 'core',
  method: 'page.type',
  title: 'page.type fills a text input',
  needsBrowser: true,
  async run(ctx) {
    const value = 'Ada Lovelace';
    const page = await ctx.openFixture('type', form.path);
    const before = await ctx.snapshot(page);
    const input = findElement(before.elements, 'textbox', form.inputLabel);
    const typed = await ctx.ok('page.type', { ...page, element_ref: input.element_ref, text: value });
    check(typed.typed, 'page.type answered typed: false');
    const echo = `${form.echoPrefix}${value}`;
    const waited = await ctx.ok('page.wait', { ...page, text_present: echo, timeout_ms: 5_000 });
    check(waited.satisfied, `page.wait for "${echo}" answered satisfied: false`);
    const after = await ctx.snapshot(page);
    check(after.text.includes(echo), `the snapshot lacks the page's echo "${echo}"`);
    // value is additive in our snapshot; when a provider reports it, it must be right.
    const node = after.snapshot.nodes.find((n) => n.element_ref === input.element_ref);
    if (node?.value !== undefined) check(node.value === value, `the input's value is "${node.value}"`);
  },
};
