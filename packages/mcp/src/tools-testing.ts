import { z } from 'zod';
import type { ResultOf, SnapshotNode } from '@browser-provider/protocol';
import { CallError } from './link';
import { defineTool, ElementLabel, refOnly, Target, type ToolContext, type ToolDef } from './tool';

/**
 * The `testing` group (`--caps testing`): assertions on the page as the snapshot shows it, and the
 * selector of an element. Each reads one `page.snapshot`, so what it checks is what a person sees
 * (hidden elements are not in the snapshot) and the page cannot answer for itself.
 */

type Snapshot = ResultOf<'page.snapshot'>;

/** Playwright's text matching: whitespace runs are one space, case is ignored. */
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

async function snap(ctx: ToolContext, scope?: string): Promise<Snapshot> {
  const r = await ctx.link.call<Snapshot>('page.snapshot', { include_text: false, ...(scope !== undefined ? { scope } : {}) });
  return r.result;
}

/** A failed check: what was expected and what the page shows, with the snapshot as the next step. */
function failed(detail: string, message: string): CallError {
  return new CallError({
    code: 'element_not_found',
    message,
    retryable: true,
    details: { code: detail, repair: { method: 'page.snapshot', params: {}, hint: 'Look at the page as it is now; it may still be loading (browser_wait_for).' } },
  });
}

const textOf = (n: SnapshotNode) => `${n.name} ${n.text ?? ''} ${n.value ?? ''}`;

/** What `browser_verify_value` compares: the checked state of a checkbox or radio, else the value. */
function valueOf(n: SnapshotNode, type: string): string {
  if (type === 'checkbox' || type === 'radio') return String(n.states?.checked === true);
  return n.value ?? n.text ?? '';
}

export const TESTING_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_verify_element_visible',
    title: 'Verify an element is visible',
    description: 'Check that an element with this role and accessible name is visible on the page (as the snapshot lists it).',
    method: 'page.snapshot',
    cap: 'testing',
    input: z.object({
      role: z.string().min(1).max(100).describe('The ARIA role, e.g. "button".'),
      accessibleName: z.string().max(10_000).describe('The accessible name, e.g. "Sign in".'),
    }),
    async run(ctx, a) {
      const s = await snap(ctx);
      const hit = s.snapshot.nodes.find((n) => n.role === a.role && norm(n.name) === norm(a.accessibleName));
      if (hit === undefined) throw failed('not_visible', `No visible ${a.role} named ${JSON.stringify(a.accessibleName)} on ${s.url}.`);
      return { text: `Verified: ${a.role} ${JSON.stringify(hit.name)}${hit.element_ref ? ` [${hit.element_ref}]` : ''} is visible.`, structured: { verified: true, element_ref: hit.element_ref } };
    },
  }),
  defineTool({
    name: 'browser_verify_text_visible',
    title: 'Verify text is visible',
    description: 'Check that this text (case and spacing ignored) is visible on the page.',
    method: 'page.snapshot',
    cap: 'testing',
    input: z.object({ text: z.string().min(1).max(10_000).describe('The text to look for.') }),
    async run(ctx, a) {
      const s = await snap(ctx);
      const want = norm(a.text);
      const hit = s.snapshot.nodes.find((n) => norm(textOf(n)).includes(want));
      if (hit === undefined) throw failed('not_visible', `The text ${JSON.stringify(a.text)} is not visible on ${s.url}.`);
      return { text: `Verified: ${JSON.stringify(a.text)} is visible.`, structured: { verified: true } };
    },
  }),
  defineTool({
    name: 'browser_verify_list_visible',
    title: 'Verify a list is visible',
    description: 'Check that each of these texts is visible inside the element (a list, a table, a menu).',
    method: 'page.snapshot',
    cap: 'testing',
    input: z.object({ element: ElementLabel, target: Target, items: z.array(z.string().min(1).max(10_000)).min(1).max(1_000).describe('The texts to find inside the element.') }),
    async run(ctx, a) {
      const s = await snap(ctx, refOnly(a.target));
      const texts = s.snapshot.nodes.map((n) => norm(textOf(n)));
      const missing = a.items.filter((i) => !texts.some((t) => t.includes(norm(i))));
      if (missing.length > 0) throw failed('items_missing', `Not visible in ${a.element ?? a.target}: ${missing.map((m) => JSON.stringify(m)).join(', ')}.`);
      return { text: `Verified: ${a.items.length} item${a.items.length === 1 ? '' : 's'} visible in ${a.element ?? a.target}.`, structured: { verified: true } };
    },
  }),
  defineTool({
    name: 'browser_verify_value',
    title: 'Verify a value',
    description: 'Check a field\'s value: the text of a textbox or slider, the selected option of a combobox, "true"/"false" for a checkbox or radio.',
    method: 'page.snapshot',
    cap: 'testing',
    input: z.object({
      type: z.enum(['textbox', 'checkbox', 'radio', 'combobox', 'slider']).describe('What kind of field it is.'),
      element: z.string().max(1_000).describe('A human-readable description of the element.'),
      target: Target,
      value: z.string().max(1_000_000).describe('The expected value; "true" or "false" for a checkbox or radio.'),
    }),
    async run(ctx, a) {
      const ref = refOnly(a.target);
      const s = await snap(ctx, ref);
      const node = s.snapshot.nodes.find((n) => n.element_ref === ref);
      if (node === undefined) throw failed('not_visible', `${a.element} (${ref}) is not visible on ${s.url}.`);
      const got = valueOf(node, a.type);
      if (got !== a.value) throw failed('value_mismatch', `${a.element}: expected ${JSON.stringify(a.value)}, the page shows ${JSON.stringify(got)}.`);
      return { text: `Verified: ${a.element} is ${JSON.stringify(a.value)}.`, structured: { verified: true } };
    },
  }),
  defineTool({
    name: 'browser_generate_locator',
    title: 'Selector of an element',
    description: 'A CSS selector that matches this element alone (for scripts, or as target of the other tools).',
    method: 'page.snapshot',
    cap: 'testing',
    input: z.object({ element: ElementLabel, target: Target }),
    async run(ctx, a) {
      const ref = refOnly(a.target);
      const r = await ctx.link.call<Snapshot>('page.snapshot', { include_text: false, scope: ref });
      const hint = r.result.elements.find((e) => e.element_ref === ref)?.selector_hint;
      if (hint === undefined) throw failed('no_selector', `${a.element ?? ref} has no selector of its own in this snapshot (it is not an element one acts on).`);
      return { text: hint, structured: { selector: hint, element_ref: ref } };
    },
  }),
];
