import { ERROR_FIXTURE } from '../fixtures/error-pages';
import { check, findElement, type Scenario } from './context';
import { expectError, expectUntouched } from './error-checks';

const E = ERROR_FIXTURE;

/** (e1) A button under a full-page overlay: refused as `obscured`, the cover named, no input sent. */
export const coveredButtonScenario: Scenario = {
  id: 'e01-covered-button',
  tier: 'errors',
  method: 'page.click',
  title: 'click on a covered button: element_not_actionable / obscured, cover named, nothing dispatched',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('covered', E.covered.path);
    const button = findElement((await ctx.snapshot(page)).elements, 'button', E.covered.button);
    const err = await ctx.fails('page.click', { ...page, element_ref: button.element_ref });
    const details = expectError(err, 'page.click on the covered button', { code: 'element_not_actionable', detail: 'obscured' });
    const cover = details.cover;
    check(typeof cover === 'string' && cover.length > 0, 'details.cover does not describe the covering element');
    check(
      cover.includes(E.covered.overlayId) || cover.includes(E.covered.overlay),
      `details.cover "${cover}" names neither #${E.covered.overlayId} nor "${E.covered.overlay}"`,
    );
    await expectUntouched(ctx, page, E.untouched, 'input reached the page although the click was refused');
    ctx.note(`cover: ${cover}`);
  },
};

/** (e2) A disabled button: refused as `disabled`, no input sent. */
export const disabledButtonScenario: Scenario = {
  id: 'e02-disabled-button',
  tier: 'errors',
  method: 'page.click',
  title: 'click on a disabled button: element_not_actionable / disabled, nothing dispatched',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('disabled', E.disabled.path);
    const button = findElement((await ctx.snapshot(page)).elements, 'button', E.disabled.button);
    if (button.enabled) ctx.note('the snapshot reports the disabled button as enabled');
    const err = await ctx.fails('page.click', { ...page, element_ref: button.element_ref });
    expectError(err, 'page.click on the disabled button', { code: 'element_not_actionable', detail: 'disabled' });
    await expectUntouched(ctx, page, E.untouched, 'input reached the page although the click was refused');
  },
};

/** (e3) The list's nodes are replaced: the old ref is stale, never silently re-bound to the new node. */
export const rerenderedListScenario: Scenario = {
  id: 'e03-rerendered-list',
  tier: 'errors',
  method: 'page.click',
  title: 'ref to a re-rendered list item: element_not_found / stale_ref, repair page.snapshot, nothing activated',
  needsBrowser: true,
  async run(ctx) {
    const r = E.rerender;
    const page = await ctx.openFixture('rerender', r.path);
    const before = await ctx.snapshot(page);
    const old = findElement(before.elements, 'button', r.target);
    const rerender = findElement(before.elements, 'button', r.rerender);
    await ctx.ok('page.click', { ...page, element_ref: rerender.element_ref });
    const rendered = await ctx.ok('page.wait', { ...page, text_present: `${r.renderedPrefix}2`, timeout_ms: 5_000 });
    check(rendered.satisfied, 'the list was not re-rendered after clicking the re-render button');

    const err = await ctx.fails('page.click', { ...page, element_ref: old.element_ref });
    expectError(err, 'page.click with the replaced item\'s ref', { code: 'element_not_found', detail: 'stale_ref', repair: 'page.snapshot' });
    await expectUntouched(ctx, page, r.noneActivated, 'a list item was activated through a stale ref');

    // The repair works: the new snapshot names the new node with a new ref, and that ref acts.
    const fresh = findElement((await ctx.snapshot(page)).elements, 'button', r.target);
    check(fresh.element_ref !== old.element_ref, `the new "${r.target}" node got the old ref ${old.element_ref}`);
    await ctx.ok('page.click', { ...page, element_ref: fresh.element_ref });
    const activated = await ctx.ok('page.wait', { ...page, text_present: `${r.activatedPrefix}${r.target}`, timeout_ms: 5_000 });
    check(activated.satisfied, `clicking the fresh ref did not activate "${r.target}"`);
  },
};

/** (e4) A ref from the document before navigation never reaches the same-shaped button of the next. */
export const previousDocumentScenario: Scenario = {
  id: 'e04-previous-document',
  tier: 'errors',
  method: 'page.click',
  title: 'ref from the previous document: element_not_found / stale_ref, the new page untouched',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('previous-doc', E.docA.path);
    const a = findElement((await ctx.snapshot(page)).elements, 'button', E.docA.button);
    await ctx.ok('page.open', { ...page, url: ctx.url(E.docB.path) });
    const err = await ctx.fails('page.click', { ...page, element_ref: a.element_ref });
    expectError(err, "page.click with document A's ref on document B", { code: 'element_not_found', detail: 'stale_ref', repair: 'page.snapshot' });
    await expectUntouched(ctx, page, E.untouched, "document B received input meant for document A's button");
    const b = findElement((await ctx.snapshot(page)).elements, 'button', E.docB.button);
    check(b.element_ref !== a.element_ref, `document B's button got document A's ref ${a.element_ref}`);
  },
};

/** (e5) A text query that matches two buttons is refused with candidates; one candidate's ref then works. */
export const ambiguousTextScenario: Scenario = {
  id: 'e05-ambiguous-text',
  tier: 'errors',
  method: 'page.click',
  title: 'text_query matching two buttons: invalid_request / ambiguous with candidates that work',
  needsBrowser: true,
  async run(ctx) {
    const a = E.ambiguous;
    const page = await ctx.openFixture('ambiguous', a.path);
    const err = await ctx.fails('page.click', { ...page, text_query: a.button });
    const details = expectError(err, `page.click text_query "${a.button}"`, { code: 'invalid_request', detail: 'ambiguous' });
    const candidates = details.candidates;
    check(Array.isArray(candidates), 'details.candidates is not an array');
    check(candidates.length >= 2 && candidates.length <= 10, `${candidates.length} candidates; expected 2 to 10`);
    for (const [i, c] of candidates.entries()) {
      const x = c as Record<string, unknown>;
      check(
        typeof x.element_ref === 'string' && x.element_ref.length > 0 && typeof x.role === 'string' && typeof x.name === 'string',
        `candidate ${i} lacks element_ref, role or name: ${JSON.stringify(c)}`,
      );
    }
    const buttons = (candidates as Array<{ element_ref: string; role: string; name: string }>).filter(
      (c) => c.role === 'button' && c.name.trim() === a.button,
    );
    check(buttons.length >= 2, `fewer than 2 candidates are buttons named "${a.button}": ${JSON.stringify(candidates)}`);
    await expectUntouched(ctx, page, a.nothing, 'the ambiguous click deleted a row');

    const [, second] = buttons;
    await ctx.ok('page.click', { ...page, element_ref: second?.element_ref });
    const waited = await ctx.ok('page.wait', { ...page, text_present: a.deletedPrefix, timeout_ms: 5_000 });
    check(waited.satisfied, `clicking candidate ${second?.element_ref} deleted nothing`);
    const text = (await ctx.snapshot(page)).text;
    const deleted = a.rows.filter((row) => text.includes(`${a.deletedPrefix}${row}`));
    check(deleted.length === 1, `expected exactly one row deleted, the page shows ${JSON.stringify(deleted)}`);
    ctx.note(`${candidates.length} candidates; the second button candidate deleted ${deleted[0] ?? '?'}`);
  },
};

/** (e6) Typing into a file input is refused, pointing at `upload.set_files`. */
export const fileInputScenario: Scenario = {
  id: 'e06-file-input',
  tier: 'errors',
  method: 'page.type',
  title: 'page.type into a file input: element_not_actionable / file_input, repair upload.set_files',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('file-input', E.upload.path);
    const snap = await ctx.snapshot(page);
    const found = snap.elements.filter((e) => e.name.trim() === E.upload.label);
    const [input] = found;
    check(input && found.length === 1, `expected one element named "${E.upload.label}", found ${found.length}`);
    const err = await ctx.fails('page.type', { ...page, element_ref: input.element_ref, text: '/etc/passwd' });
    expectError(err, 'page.type into the file input', { code: 'element_not_actionable', detail: 'file_input', repair: 'upload.set_files' });
    ctx.note(`the file input's role is ${input.role}`);
  },
};
