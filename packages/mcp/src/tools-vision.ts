import { z } from 'zod';
import { ClickButton, WheelDelta, type ResultOf } from '@browser-provider/protocol';
import { AFTER_ACTION, stepAnswer } from './steps';
import { notes } from './answer';
import { defineTool, type ToolAnswer, type ToolContext, type ToolDef } from './tool';

/**
 * `--caps vision`: Playwright MCP 0.0.83's coordinate tools, with its argument names, each on
 * `page.mouse`. Coordinates are CSS pixels of the viewport, as a screenshot at device pixel ratio 1
 * shows them. There is no ref and so no actionability check; the point must be inside the viewport,
 * and every answer says what element was at it.
 */

type Mouse = ResultOf<'page.mouse'>;

const X = z.number().describe('X coordinate');
const Y = z.number().describe('Y coordinate');
const Button = (what: string) => ClickButton.optional().describe(`Button to ${what}, defaults to left`);

/** `on <button> [e12]`: the element hit, by its ref when the session has one; page text only quoted. */
function onWhat(at: Mouse['at']): string {
  if (at === null) return 'on nothing (outside the document)';
  if (at.element_ref !== undefined) return `on <${at.tag}> [${at.element_ref}]`;
  if (at.inside_ref !== undefined) return `on <${at.tag}> inside [${at.inside_ref}]`;
  return `on <${at.tag}> ${JSON.stringify(at.description)} (not in the snapshot)`;
}

const where = (r: Mouse) => `at (${r.point.x}, ${r.point.y}) ${onWhat(r.at)}`;

/** What a pointer call without a snapshot answers: what it did, the buttons still held, any warnings. */
function plain(ctx: ToolContext, done: string, r: Mouse, warnings: readonly string[]): ToolAnswer {
  const held = r.pressed.length > 0 ? ` Held down: ${r.pressed.join(', ')}.` : '';
  return { text: [`${done} ${where(r)}.${held}`, ...notes(ctx.vocab, warnings)].join('\n'), structured: r };
}

const mouseCall = (ctx: ToolContext, params: Record<string, unknown>) => ctx.link.call<Mouse>('page.mouse', params);

export const VISION_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_mouse_move_xy',
    title: 'Move mouse',
    description: 'Move the mouse to a point of the viewport (CSS pixels).',
    method: 'page.mouse',
    cap: 'vision',
    input: z.object({ x: X, y: Y }),
    async run(ctx, a) {
      const r = await mouseCall(ctx, { action: 'move', x: a.x, y: a.y });
      return plain(ctx, 'Moved the mouse', r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_mouse_click_xy',
    title: 'Click',
    description: 'Click a mouse button at a point of the viewport (CSS pixels), with no element check: for what the snapshot cannot name (a canvas, a map).',
    method: 'page.mouse',
    cap: 'vision',
    input: z.object({
      x: X,
      y: Y,
      button: Button('click'),
      clickCount: z.number().int().min(1).max(3).optional().describe('Number of clicks, defaults to 1'),
      delay: z.number().int().min(0).max(10_000).optional().describe('Time to wait between mouse down and mouse up in milliseconds, defaults to 0'),
    }),
    async run(ctx, a) {
      const r = await mouseCall(ctx, {
        action: 'click',
        x: a.x,
        y: a.y,
        ...(a.button !== undefined ? { button: a.button } : {}),
        ...(a.clickCount !== undefined ? { click_count: a.clickCount } : {}),
        ...(a.delay !== undefined ? { delay_ms: a.delay } : {}),
        ...AFTER_ACTION,
      });
      return stepAnswer(ctx, ctx.vocab, `Clicked ${where(r.result)}.`, r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_mouse_drag_xy',
    title: 'Drag mouse',
    description: 'Drag with the left mouse button from one point of the viewport to another (CSS pixels): move, press, move, release.',
    method: 'page.mouse',
    cap: 'vision',
    input: z.object({ startX: X.describe('Start X coordinate'), startY: Y.describe('Start Y coordinate'), endX: X.describe('End X coordinate'), endY: Y.describe('End Y coordinate') }),
    async run(ctx, a) {
      const start = await mouseCall(ctx, { action: 'down', x: a.startX, y: a.startY });
      try {
        await mouseCall(ctx, { action: 'move', x: a.endX, y: a.endY });
      } catch (e) {
        // Released where it was pressed: a button left down would turn the next click into a drag.
        await mouseCall(ctx, { action: 'up' }).catch(() => undefined);
        throw e;
      }
      const end = await mouseCall(ctx, { action: 'up', ...AFTER_ACTION });
      const done = `Dragged from (${start.result.point.x}, ${start.result.point.y}) ${onWhat(start.result.at)} to ${where(end.result)}.`;
      return stepAnswer(ctx, ctx.vocab, done, end.result, [...start.warnings, ...end.warnings]);
    },
  }),
  defineTool({
    name: 'browser_mouse_down',
    title: 'Press mouse down',
    description: 'Press a mouse button where the mouse is (put it there with browser_mouse_move_xy first). It stays pressed until browser_mouse_up.',
    method: 'page.mouse',
    cap: 'vision',
    input: z.object({ button: Button('press') }),
    async run(ctx, a) {
      const r = await mouseCall(ctx, { action: 'down', ...(a.button !== undefined ? { button: a.button } : {}) });
      return plain(ctx, `Pressed the ${a.button ?? 'left'} button`, r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_mouse_up',
    title: 'Press mouse up',
    description: 'Release a mouse button where the mouse is.',
    method: 'page.mouse',
    cap: 'vision',
    input: z.object({ button: Button('release') }),
    async run(ctx, a) {
      const r = await mouseCall(ctx, { action: 'up', ...(a.button !== undefined ? { button: a.button } : {}) });
      return plain(ctx, `Released the ${a.button ?? 'left'} button`, r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_mouse_wheel',
    title: 'Scroll mouse wheel',
    description: 'Turn the mouse wheel where the mouse is (the viewport\'s centre before it was moved), by a delta in CSS pixels.',
    method: 'page.mouse',
    cap: 'vision',
    input: z.object({ deltaX: WheelDelta.default(0).describe('X delta'), deltaY: WheelDelta.default(0).describe('Y delta') }),
    async run(ctx, a) {
      const r = await mouseCall(ctx, { action: 'wheel', delta_x: a.deltaX, delta_y: a.deltaY });
      return plain(ctx, `Turned the wheel by (${a.deltaX}, ${a.deltaY})`, r.result, r.warnings);
    },
  }),
];
