import { z } from 'zod';
import { METHODS, REQUEST_PARTS, type ResultOf } from '@browser-provider/protocol';
import { CallError } from './link';
import { Filename, textOrFile, writeOutput } from './output';
import { AFTER_ACTION, stepAnswer } from './steps';
import { defineTool, ElementLabel, field, Target, targetParams, type ToolDef } from './tool';

/**
 * Issue 24's tools: media emulation, one request's details and file drops (default tools), the PDF
 * (`--caps pdf`) and the element highlight (`--caps devtools`). Playwright's other devtools tools —
 * tracing, video, recording, the debugger — have no counterpart here (the README's MCP section says what there is instead).
 */

const media = METHODS['page.emulate_media'].params.shape;
const pdf = METHODS['page.pdf'].params.shape;

type Detail = ResultOf<'network.request'>;
type Body = NonNullable<Detail['response_body']>;

/**
 * What a server sent, made safe to show: control characters but \n and \t (C0, DEL, C1) and the
 * bidi overrides as \uXXXX (\r as \r), so no NUL, terminal escape or reordering reaches the answer.
 */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
export const escapeControls = (s: string): string => s.replace(CONTROLS, (c) => (c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));

const headerLines = (title: string, h: Detail['request_headers'], omitted: number | undefined) =>
  h === undefined ? [] : [`${title}:`, ...(h.length > 0 ? h.map((x) => `  ${escapeControls(x.name)}: ${escapeControls(x.value)}`) : ['  (none)']), ...(omitted ? [`  … ${omitted} more not kept`] : [])];

/** A text body as text (escaped); a binary one (network.request answers it base64) only summed up: its bytes mean nothing to read. */
function bodyLines(title: string, b: Body | undefined): string[] {
  if (b === undefined) return [];
  if (b.unavailable === 'none') return [`${title}: (none)`];
  if (b.unavailable === 'not_collected') return [`${title}: not kept by the browser (too large, evicted, or from before the session).`];
  if (b.text === undefined) return [`${title}: binary, ${b.size ?? '?'} bytes, ${b.media_type !== undefined ? escapeControls(b.media_type) : 'no content type'}.`];
  const cutNote = b.truncated ? ` (first part of ${b.size ?? '?'} bytes)` : '';
  return [`${title}${cutNote}:`, escapeControls(b.text)];
}

/** Playwright MCP's request details: the request line, then each part asked for. */
function requestText(index: number, r: Detail): string {
  const status = r.failed ? 'failed' : (r.status ?? '…');
  return [
    `#${index} ${r.method} ${r.url} ${status}${r.resource_type ? ` (${r.resource_type})` : ''}`,
    ...headerLines('Request headers', r.request_headers, r.request_headers_omitted),
    ...bodyLines('Request body', r.request_body),
    ...headerLines('Response headers', r.response_headers, r.response_headers_omitted),
    ...bodyLines('Response body', r.response_body),
  ].join('\n');
}

const MEDIA_WORDS = { color_scheme: 'prefers-color-scheme', reduced_motion: 'prefers-reduced-motion', forced_colors: 'forced-colors', contrast: 'prefers-contrast', media: 'media type' } as const;

export const DEVTOOLS_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_emulate_media',
    title: 'Emulate media features',
    description: 'Emulate CSS media features of the page (light/dark colour scheme, reduced motion, forced colours, contrast) or the print media type, as its CSS and matchMedia see them. Omitted arguments are left as they are; null clears an override. Offered on engines that can (Chromium); provider.describe lists the features.',
    method: 'page.emulate_media',
    input: z.object({
      colorScheme: field(media.color_scheme, 'prefers-color-scheme: light or dark; null clears it.'),
      reducedMotion: field(media.reduced_motion, 'prefers-reduced-motion: reduce or no-preference; null clears it.'),
      forcedColors: field(media.forced_colors, 'forced-colors: active or none; null clears it.'),
      contrast: field(media.contrast, 'prefers-contrast: more or no-preference; null clears it.'),
      media: field(media.media, 'The CSS media type: screen or print; null clears it.'),
    }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.emulate_media'>>('page.emulate_media', {
        ...(a.colorScheme !== undefined ? { color_scheme: a.colorScheme } : {}),
        ...(a.reducedMotion !== undefined ? { reduced_motion: a.reducedMotion } : {}),
        ...(a.forcedColors !== undefined ? { forced_colors: a.forcedColors } : {}),
        ...(a.contrast !== undefined ? { contrast: a.contrast } : {}),
        ...(a.media !== undefined ? { media: a.media } : {}),
      });
      const now = Object.entries(r.result.emulated).map(([f, v]) => `${MEDIA_WORDS[f as keyof typeof MEDIA_WORDS]} ${String(v)}`);
      return { text: now.length > 0 ? `Emulating ${now.join(', ')}.` : 'No media features emulated.', structured: r.result };
    },
  }),
  defineTool({
    name: 'browser_network_request',
    title: 'Network request details',
    description: 'One request of the current page, by its number in browser_network_requests: headers and body (where the browser kept it), or only one part.',
    method: 'network.request',
    input: z.object({
      index: z.number().int().min(1).describe('The request\'s number, as browser_network_requests prints it (1 is the oldest recorded).'),
      part: z.enum(REQUEST_PARTS).optional().describe('Only this part; omit for all of them.'),
      filename: Filename('the details'),
    }),
    async run(ctx, a) {
      // The same numbering as browser_network_requests: the page's whole record, oldest first.
      const list = (await ctx.link.call<ResultOf<'network.list'>>('network.list', { limit: 10_000 })).result.requests;
      const q = list[a.index - 1];
      if (q === undefined) {
        throw new CallError({
          code: 'invalid_request',
          message: `index: there is no request #${a.index}; the page has ${list.length}.`,
          retryable: false,
          details: { code: 'unknown_request', field: 'index', repair: { method: 'network.list', params: {}, hint: 'List the requests and use a number from the list.' } },
        });
      }
      const r = await ctx.link.call<Detail>('network.request', { request_id: q.request_id, ...(a.part !== undefined ? { part: a.part } : {}) });
      return { text: await textOrFile(ctx, a.filename, requestText(a.index, r.result), 'the request'), structured: { index: a.index, ...r.result } };
    },
  }),
  defineTool({
    name: 'browser_drop',
    title: 'Drop files or data onto an element',
    description: 'Drop files (paths under the server\'s --upload-root) or MIME-typed data onto an element, as if dragged in from outside the page. The element is checked like a click target. The drag events are made by the provider in the page, not by the browser (isTrusted is false); the drop itself is sent only if the element accepts it.',
    method: 'page.drop',
    input: z.object({
      target: Target,
      element: ElementLabel,
      paths: z.array(z.string().min(1).max(4_096)).max(100).optional().describe('Absolute paths of files to drop, under a directory the server allows (--upload-root).'),
      data: z.record(z.string().min(1).max(200), z.string().max(1_000_000)).optional().describe('MIME type → value, e.g. {"text/plain": "hello", "text/uri-list": "https://example.com"}.'),
    }),
    openWorld: true,
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.drop'>>('page.drop', {
        ...targetParams(a.target),
        ...(a.paths !== undefined ? { files: a.paths.map((path) => ({ path })) } : {}),
        ...(a.data !== undefined ? { data: a.data } : {}),
        ...AFTER_ACTION,
      });
      const what = [r.result.files > 0 ? `${r.result.files} file${r.result.files === 1 ? '' : 's'}` : '', ...r.result.types.filter((t) => t !== 'Files')].filter(Boolean).join(', ');
      const head = r.result.dropped ? `Dropped ${what} onto ${a.element ?? a.target}.` : `${a.element ?? a.target} did not accept the drop (it got dragenter, dragover and dragleave; no drop).`;
      return stepAnswer(ctx, ctx.vocab, head, r.result, r.warnings);
    },
  }),
  defineTool({
    name: 'browser_pdf_save',
    title: 'Save as PDF',
    description: 'Print the current page to a PDF file under the server\'s output folder and answer its path.',
    method: 'page.pdf',
    cap: 'pdf',
    input: z.object({
      filename: z.string().min(1).max(1_000).optional().describe('The file under the output folder (default page-<timestamp>.pdf).'),
      landscape: field(pdf.landscape, 'Landscape pages (default portrait).'),
      printBackground: field(pdf.print_background, 'Print background colours and images.'),
    }),
    // Writes a file under the output folder, as browser_take_screenshot does with filename.
    readOnly: true,
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.pdf'>>('page.pdf', { ...(a.landscape !== undefined ? { landscape: a.landscape } : {}), ...(a.printBackground !== undefined ? { print_background: a.printBackground } : {}) });
      const { data, ...rest } = r.result;
      const path = await writeOutput(ctx, a.filename ?? `page-${Date.now()}.pdf`, Buffer.from(data, 'base64'));
      return { text: `Saved the page as PDF to ${path} (${rest.size} bytes).`, structured: { ...rest, path } };
    },
  }),
  defineTool({
    name: 'browser_highlight',
    title: 'Highlight element',
    description: 'Draw a persistent outline over an element (for a person watching, or a screenshot). It follows the element and does not take clicks.',
    method: 'page.highlight',
    cap: 'devtools',
    input: z.object({ target: Target, element: ElementLabel, style: z.string().max(1_000).optional().describe('Extra inline CSS for the outline, e.g. "outline: 2px dashed red".') }),
    async run(ctx, a) {
      await ctx.link.call<ResultOf<'page.highlight'>>('page.highlight', { ...targetParams(a.target), ...(a.style !== undefined ? { style: a.style } : {}) });
      return { text: `Highlighted ${a.element ?? a.target}.`, structured: { highlighted: true } };
    },
  }),
  defineTool({
    name: 'browser_hide_highlight',
    title: 'Hide element highlight',
    description: 'Remove the outline browser_highlight drew over an element, or every outline of the page without a target.',
    method: 'page.hide_highlight',
    cap: 'devtools',
    input: z.object({ target: Target.optional(), element: ElementLabel }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'page.hide_highlight'>>('page.hide_highlight', a.target !== undefined ? targetParams(a.target) : {});
      return { text: `Removed ${r.result.removed} highlight${r.result.removed === 1 ? '' : 's'}.`, structured: r.result };
    },
  }),
];
