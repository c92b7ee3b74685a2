import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_REPORT_CAP_BYTES } from './report/report';
import { reportFolder } from './report/tracing';
import { defineTool, type ToolDef } from './tool';

/**
 * Playwright MCP's tracing tools (group devtools), with its names and (no) arguments. Instead of a
 * Playwright trace they write a session report (docs/recording.md): JSON Lines for programs and one
 * HTML timeline for people, in this MCP session's own folder.
 */

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

export const TRACING_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_start_tracing',
    title: 'Start tracing',
    description: "Start a session report: from now on every tool call is kept with its arguments, its answer, its time, a screenshot after each step that changes the page, the point it acted at, and the step's console errors and failed requests. browser_stop_tracing writes it as JSON Lines and one HTML file.",
    method: undefined,
    readOnly: true,
    cap: 'devtools',
    input: z.object({}),
    async run(ctx) {
      if (ctx.tracing === undefined || ctx.files === undefined) return { text: 'This server writes no session reports.' };
      const base = ctx.tracing.save?.dir ?? (await ctx.files.dir());
      // A report in the session's own folder counts against what is left of its quota.
      const cap = ctx.tracing.save !== undefined ? ctx.tracing.save.capBytes : Math.min(DEFAULT_REPORT_CAP_BYTES, Math.max(0, ctx.files.quotaBytes - ctx.files.used));
      const started = await ctx.tracing.start(join(base, reportFolder('trace')), cap);
      const s = ctx.tracing.status();
      if (started === undefined) return { text: `A session report is being written already, to ${s.dir ?? '?'}; browser_stop_tracing ends it.`, structured: { ...s } };
      return { text: `Tracing started: the session report goes to ${started.dir} (at most ${mb(started.capBytes)}). browser_stop_tracing writes ${started.htmlPath}.`, structured: { ...s } };
    },
  }),
  defineTool({
    name: 'browser_stop_tracing',
    title: 'Stop tracing',
    description: 'Stop the session report started with browser_start_tracing (or --save-session) and write it: steps.jsonl for programs and report.html, a timeline with screenshots, for people. Answers where they are.',
    method: undefined,
    readOnly: true,
    cap: 'devtools',
    input: z.object({}),
    async run(ctx) {
      const done = await ctx.tracing?.stop();
      if (done === undefined) return { text: 'No session report is being written; browser_start_tracing starts one.' };
      const { report, tail } = done;
      const left = [tail.left_out.steps > 0 ? `${tail.left_out.steps} steps` : '', tail.left_out.screenshots > 0 ? `${tail.left_out.screenshots} screenshots` : ''].filter((x) => x !== '');
      const lines = [
        `Tracing stopped: ${tail.steps} steps, ${mb(tail.bytes)}.`,
        `- ${report.htmlPath} (open it in a browser)`,
        `- ${report.jsonlPath}`,
        ...(left.length > 0 ? [`Left out to stay under ${mb(report.capBytes)}: ${left.join(' and ')}.`] : []),
      ];
      return { text: lines.join('\n'), structured: { dir: report.dir, html: report.htmlPath, jsonl: report.jsonlPath, ...tail } };
    },
  }),
];
