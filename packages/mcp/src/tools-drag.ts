import { z } from 'zod';
import type { ResultOf } from '@browser-provider/protocol';
import { CallError } from './link';
import { stepAnswer } from './steps';
import { defineTool, ElementLabel, Target, targetParams, type ToolDef } from './tool';

/**
 * browser_drag on page.drag, with Playwright MCP 0.0.83's arguments (`startTarget` / `endTarget`, a ref
 * or a selector) and its earlier names (`startRef` / `endRef`) for prompts written before them.
 */

const end = (a: { target?: string | undefined; ref?: string | undefined }, side: 'start' | 'end'): string => {
  const t = a.target ?? a.ref;
  if (t !== undefined) return t;
  throw new CallError({
    code: 'invalid_request',
    message: `${side}Target: the ${side === 'start' ? 'element to drag' : 'element to drop onto'} is required (a ref from the snapshot or a CSS selector).`,
    retryable: false,
    details: { code: 'invalid_params', field: `${side}Target`, repair: { method: 'page.snapshot', params: {}, hint: 'Take a snapshot and pass both elements\' refs.' } },
  });
};

/** page.drag's destination fields for a browser_drag end. */
function destination(target: string): { to_element_ref: string } | { to_selector: string } {
  const t = targetParams(target);
  return 'element_ref' in t ? { to_element_ref: t.element_ref } : { to_selector: t.selector };
}

export const DRAG_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_drag',
    title: 'Drag mouse',
    description: "Drag one element onto another with trusted pointer input (press, move in steps, release): jQuery UI widgets, HTML5 draggables, sortable lists. Dropping onto an item puts the dragged one at that item's position.",
    method: 'page.drag',
    input: z.object({
      startElement: ElementLabel,
      startTarget: Target.optional().describe('The element to drag: its ref from the latest snapshot, or a CSS selector that matches exactly one element.'),
      startRef: Target.optional().describe('Earlier name of startTarget.'),
      endElement: ElementLabel,
      endTarget: Target.optional().describe('The element to drop onto: its ref from the latest snapshot, or a CSS selector that matches exactly one element.'),
      endRef: Target.optional().describe('Earlier name of endTarget.'),
    }),
    async run(ctx, a) {
      const from = end({ target: a.startTarget, ref: a.startRef }, 'start');
      const to = end({ target: a.endTarget, ref: a.endRef }, 'end');
      const r = await ctx.link.call<ResultOf<'page.drag'>>('page.drag', { ...targetParams(from), ...destination(to) });
      const how = r.result.html5 === 'synthesized' ? (r.result.dropped === false ? ' (the drop target refused the HTML5 drop)' : ' (HTML5 drag events dispatched in the page)') : '';
      return stepAnswer(ctx, ctx.vocab, `Dragged ${a.startElement ?? from} onto ${a.endElement ?? to}${how}.${movedText(r.result.moved)}`, r.result, r.warnings);
    },
  }),
];

/** What the drag did to the dragged element, in words (nothing when the page could not tell). */
function movedText(m: { from: number; to: number; of: number; other_list: boolean; dx: number; dy: number } | null | undefined): string {
  if (m === undefined) return '';
  if (m === null) return ' It did not move.';
  if (m.other_list) return ` It moved to another list, place ${m.to} of ${m.of}.`;
  if (m.from !== m.to) return ` It moved from place ${m.from} to ${m.to} of ${m.of}.`;
  return ` It moved by ${m.dx},${m.dy} px.`;
}
