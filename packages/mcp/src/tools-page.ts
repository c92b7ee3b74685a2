import { z } from 'zod';
import { METHODS, type ResultOf } from '@browser-provider/protocol';
import { CallError } from './link';
import { snapshotAnswer, stepAnswer } from './steps';
import { defineTool, field, refOnly, Target, targetParams, type ToolDef } from './tool';
import { depthLines, findLines } from './outline';
import { pageLine } from './answer';
import { Filename, readInput, textOrFile, writeOutput } from './output';

/** Navigation, reading the page, waiting and screenshots. */

const open = METHODS['page.open'].params.shape;
const snap = METHODS['page.snapshot'].params.shape;
const wait = METHODS['page.wait'].params.shape;
const shot = METHODS['page.screenshot'].params.shape;
const evaluate = METHODS['page.eval'].params.shape;
const viewport = METHODS['page.set_viewport'].params.shape;

type Snapshot = ResultOf<'page.snapshot'>;

export const PAGE_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_navigate',
    title: 'Navigate to a URL',
    description: 'Open a URL in the current tab; answers with the page snapshot (outline with element refs).',
    method: 'page.open',
    input: z.object({ url: field(open.url, 'The URL to open.') }),
    openWorld: true,
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.open'>>('page.open', { url: a.url });
      const s = await ctx.link.call<Snapshot>('page.snapshot', { page_id: r.result.page_id });
      const answer = snapshotAnswer(ctx, ctx.vocab, s.result, [...r.warnings, ...s.warnings]);
      return { ...answer, structured: { ...r.result, snapshot: s.result } };
    },
  }),
  defineTool({
    name: 'browser_navigate_back',
    title: 'Go back',
    description: 'Go back one entry in the tab\'s history; answers with the page snapshot.',
    method: 'page.go_back',
    input: z.object({}),
    async run(ctx) {
      const r = await ctx.link.call<ResultOf<'page.go_back'>>('page.go_back');
      const s = await ctx.link.call<Snapshot>('page.snapshot', { page_id: r.result.page_id });
      return { ...snapshotAnswer(ctx, ctx.vocab, s.result, [...r.warnings, ...s.warnings], 'Went back.'), structured: { ...r.result, snapshot: s.result } };
    },
  }),
  defineTool({
    name: 'browser_snapshot',
    title: 'Page snapshot',
    description:
      'The page as a compact outline: one line per element with its role, name, state and ref ([e12]) to act on. Use since_rev for only what changed, mode "interactive" for actionable elements only, target (or scope) for one element\'s subtree, depth to cut deep levels.',
    method: 'page.snapshot',
    input: z.object({
      mode: snap.mode,
      since_rev: snap.since_rev,
      collapse: snap.collapse,
      scope: Target.optional().describe('Show only this element (its ref) and what is inside it.'),
      target: Target.optional().describe('Playwright MCP\'s name for scope: show only this element (its ref) and what is inside it.'),
      depth: z.number().int().nonnegative().max(1_000).optional().describe('Show at most this many levels below the top (0: the top lines only); deeper lines are left out.'),
      boxes: field(snap.boxes, 'Write each element\'s box as [box=x,y,width,height] after its ref: viewport CSS pixels (getBoundingClientRect), iframes\' elements in the top-level viewport.'),
      value_chars: field(snap.value_chars, 'Cut each field value at this many characters (default 500); with target, reads one long value whole.'),
      filename: Filename('the outline'),
    }),
    async run(ctx, a) {
      const { scope: given, target, depth, filename, ...shape } = a;
      const scope = given ?? target;
      // The scope is resolved by core, by ref in the ref registry: never by searching the text, which
      // the page writes most of (a paragraph can spell out any ref).
      const ref = scope !== undefined ? refOnly(scope) : undefined;
      const s = await ctx.link.call<Snapshot>('page.snapshot', { ...shape, ...(ref !== undefined ? { scope: ref } : {}) });
      let text = s.result.text;
      if (depth !== undefined) text = depthLines(text, depth);
      if (filename !== undefined) {
        ctx.link.seen(s.result.page_id, s.result.url, s.result.rev);
        return { text: `${pageLine(s.result)} (rev ${s.result.rev})\n${await textOrFile(ctx, filename, text, 'the snapshot')}`, structured: { page_id: s.result.page_id, url: s.result.url, rev: s.result.rev } };
      }
      return snapshotAnswer(ctx, ctx.vocab, { ...s.result, text }, s.warnings);
    },
  }),
  defineTool({
    name: 'browser_diff',
    title: 'What changed',
    description: 'Only what changed on the page since the last snapshot this session saw (added, removed and changed lines, by ref).',
    method: 'page.snapshot',
    input: z.object({}),
    async run(ctx) {
      return stepAnswer(ctx, ctx.vocab, '', {}, []);
    },
  }),
  defineTool({
    name: 'browser_find',
    title: 'Find in the page',
    description: 'Search the page snapshot for text (case-insensitive) or a regular expression ("/re/flags", run on RE2: linear time, no backreferences or lookahead); answers each matching line with the lines that contain it and its siblings.',
    method: 'page.snapshot',
    input: z
      .object({
        text: z.string().min(1).max(10_000).optional().describe('Text to find (case-insensitive substring).'),
        regex: z.string().min(1).max(10_000).optional().describe('A regular expression, case-sensitive unless written as "/pattern/i".'),
        filename: Filename('the matches'),
      })
      .refine((a) => (a.text === undefined) !== (a.regex === undefined), { message: 'give exactly one of text, regex' }),
    async run(ctx, a) {
      const s = await ctx.link.call<Snapshot>('page.snapshot', { collapse: false });
      ctx.link.seen(s.result.page_id, s.result.url, s.result.rev);
      const found = findLines(s.result.text, a.text !== undefined ? { text: a.text } : { regex: a.regex ?? '' });
      if ('error' in found) throw new CallError({ code: 'invalid_request', message: `regex: ${found.error}`, retryable: false, details: { code: 'invalid_params', field: 'regex' } });
      const head = `${found.count} match${found.count === 1 ? '' : 'es'} for ${JSON.stringify(a.text ?? a.regex)} (rev ${s.result.rev})${found.count > found.shown ? `, first ${found.shown} shown` : ''}:`;
      return { text: await textOrFile(ctx, a.filename, [head, ...found.snippets].join('\n'), 'the matches'), structured: { page_id: s.result.page_id, url: s.result.url, rev: s.result.rev, matches: found.count, text: found.snippets.join('\n') } };
    },
  }),
  defineTool({
    name: 'browser_wait_for',
    title: 'Wait for',
    description:
      'Wait until text appears or disappears, or for a number of seconds (at most 30); answers with what changed meanwhile. Text that did not appear (or go) in time is an error.',
    method: 'page.wait',
    input: z
      .object({
        text: field(wait.text_present, 'Text to wait for.'),
        textGone: field(wait.text_absent, 'Text to wait to disappear.'),
        time: z.number().positive().max(30).optional().describe('Seconds to wait (at most 30).'),
        timeout: z.number().positive().max(120).optional().describe('For text and textGone: seconds to wait before giving up (default 30).'),
      })
      .refine((a) => a.text !== undefined || a.textGone !== undefined || a.time !== undefined, { message: 'give text, textGone or time' }),
    async run(ctx, a) {
      const warnings: string[] = [];
      if (a.time !== undefined) await new Promise((r) => setTimeout(r, (a.time as number) * 1000));
      let done = a.time !== undefined ? `Waited ${a.time} s.` : '';
      if (a.text !== undefined || a.textGone !== undefined) {
        const r = await ctx.link.call<ResultOf<'page.wait'>>('page.wait', {
          ...(a.text !== undefined ? { text_present: a.text } : {}),
          ...(a.textGone !== undefined ? { text_absent: a.textGone } : {}),
          ...(a.timeout !== undefined ? { timeout_ms: Math.round(a.timeout * 1000) } : {}),
        });
        if (!r.result.satisfied) throw waitTimedOut(a, r.warnings);
        warnings.push(...r.warnings);
        done = `${done} ${a.text !== undefined ? `"${a.text}" is on the page.` : ''}${a.textGone !== undefined ? ` "${a.textGone}" is gone.` : ''}`.trim();
      }
      return stepAnswer(ctx, ctx.vocab, done, {}, warnings);
    },
  }),
  defineTool({
    name: 'browser_take_screenshot',
    title: 'Take a screenshot',
    description: 'A PNG (or JPEG) of the viewport, the full page, or one element, as an image. Act on refs from browser_snapshot, not on pixels.',
    method: 'page.screenshot',
    input: z.object({
      target: Target.optional().describe('Only this element: its ref from the snapshot, or a CSS selector that matches exactly one element.'),
      element: z.string().max(1_000).optional().describe('A human-readable description of the element (optional).'),
      fullPage: field(shot.full_page, 'The whole scrollable page instead of the viewport.'),
      type: field(shot.format, 'Image format (default png); JPEG where the engine captures it (Firefox and Chromium, not WebKit).'),
      scale: field(shot.scale, 'Image pixels: "device" (what the engine captures) or "css" (one per CSS pixel: the same at device pixel ratio 1, as in a headless browser; refused where they differ, as nothing resamples). Default: the capture as it is.'),
      filename: Filename('the image (as well as answering it)'),
    }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.screenshot'>>('page.screenshot', { ...(a.fullPage ? { full_page: true } : {}), ...(a.target !== undefined ? targetParams(a.target) : {}), ...(a.type === 'jpeg' ? { format: 'jpeg' } : {}), ...(a.scale ? { scale: a.scale } : {}) });
      const { image, ...rest } = r.result;
      const saved = a.filename !== undefined && image !== undefined ? ` Saved to ${await writeOutput(ctx, a.filename, Buffer.from(image, 'base64'))}.` : '';
      return {
        text: `Screenshot ${rest.width}×${rest.height} (${rest.media_type})${a.element ? ` of ${a.element}` : ''}.${saved}`,
        structured: rest,
        ...(image !== undefined ? { image: { data: image, mimeType: rest.media_type } } : {}),
      };
    },
  }),
  defineTool({
    name: 'browser_evaluate',
    title: 'Evaluate JavaScript',
    description: 'Run a JavaScript function in the page and answer its JSON value: "() => document.title", or "(element) => element.value" with a selector target. Offered only when the server runs with --allow-eval.',
    method: 'page.eval',
    input: z.object({
      function: field(evaluate.expression, 'A function: () => { … } or, with target, (element) => { … }.'),
      target: z.string().min(1).max(10_000).optional().describe('A CSS selector; its first match is passed to the function.'),
      element: z.string().max(1_000).optional().describe('A human-readable description of the element (optional).'),
      filename: Filename('the JSON value'),
    }),
    destructive: true,
    async run(ctx, a) {
      const arg = a.target !== undefined ? `document.querySelector(${JSON.stringify(a.target)})` : '';
      const r = await ctx.link.call<ResultOf<'page.eval'>>('page.eval', { expression: `(${a.function})(${arg})`, await_promise: true });
      const value = JSON.stringify(r.result.value) ?? 'undefined';
      const shown = a.filename !== undefined ? await textOrFile(ctx, a.filename, value, 'the value') : value;
      return { text: `Result (${r.result.type}): ${shown}${r.result.truncated ? ' (truncated)' : ''}`, structured: r.result as unknown as Record<string, unknown> };
    },
  }),
  defineTool({
    name: 'browser_resize',
    title: 'Resize the viewport',
    description: 'Make the page\'s viewport width × height CSS pixels; answers the size the page then has.',
    method: 'page.set_viewport',
    input: z.object({ width: field(viewport.width, 'Viewport width in CSS pixels.'), height: field(viewport.height, 'Viewport height in CSS pixels.') }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.set_viewport'>>('page.set_viewport', { width: a.width, height: a.height });
      return stepAnswer(ctx, ctx.vocab, `Resized the viewport to ${r.result.width}×${r.result.height}.`, r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_run_code_unsafe',
    title: 'Run code in the page',
    description:
      'Run a JavaScript function in the page and answer its JSON value. Unlike Playwright MCP it runs in the page, not in the server: the function gets no Playwright page object, so "page.getByRole(…)" fails; use the other tools to act. Offered only when the server runs with --allow-eval.',
    method: 'page.eval',
    input: z
      .object({
        code: field(evaluate.expression, 'A function, e.g. "async () => { … return document.title; }"; it is called with no argument.').optional(),
        filename: z.string().min(1).max(1_000).optional().describe('Read the function from this file under the server\'s output folder (code is then ignored).'),
      })
      .refine((a) => a.code !== undefined || a.filename !== undefined, { message: 'give code or filename' }),
    destructive: true,
    async run(ctx, a) {
      const code = a.filename !== undefined ? await readInput(ctx, a.filename) : (a.code ?? '');
      const r = await ctx.link.call<ResultOf<'page.eval'>>('page.eval', { expression: `(${code})()`, await_promise: true });
      return { text: `Result (${r.result.type}): ${JSON.stringify(r.result.value) ?? 'undefined'}${r.result.truncated ? ' (truncated)' : ''}`, structured: r.result as unknown as Record<string, unknown> };
    },
  }),
];

/**
 * A wait whose condition did not hold by its deadline did not happen: an error, never the words of
 * success. page.wait answers `satisfied: false` (the draft's result); the tool says what was awaited.
 */
function waitTimedOut(a: { text?: string | undefined; textGone?: string | undefined; timeout?: number | undefined }, warnings: readonly string[]): CallError {
  const what = [a.text !== undefined ? `${JSON.stringify(a.text)} did not appear` : '', a.textGone !== undefined ? `${JSON.stringify(a.textGone)} did not go away` : ''].filter(Boolean).join(' and ');
  const unmet = warnings.find((w) => w.startsWith('not satisfied'));
  return new CallError({
    code: 'not_ready',
    message: `Timed out: ${what} ${a.timeout !== undefined ? `within ${a.timeout} s` : 'before the deadline'}${unmet !== undefined ? ` (${unmet})` : ''}.`,
    retryable: true,
    details: { code: 'timeout', repair: { method: 'page.snapshot', params: {}, hint: 'Look at the page as it is now; wait again (with a longer timeout) only if the text is still to come.' } },
  });
}
