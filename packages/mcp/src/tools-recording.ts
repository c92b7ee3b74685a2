import { describeStep, FlowRecording, flowToJsonl, type FlowStep } from '@browser-provider/page-script/flow';
import { z } from 'zod';
import { CallError, type ProviderLink } from './link';
import { writeOutput } from './output';
import { defineTool, type ToolContext, type ToolDef } from './tool';
import { reach } from './video/pages';

/**
 * Playwright MCP's recording tools (group devtools), with its names and (no) arguments. What the person
 * does in the browser window between the two calls becomes a flow script: JSON Lines of protocol calls
 * whose targets are role and name, label or text, and a CSS path, never a ref (docs/recording.md). It
 * replays on every engine with `browser-provider replay`.
 *
 * The recorder is our own prebuilt script (page-script's flow recorder), installed and drained through
 * the engine's evaluate of the link's own session inside this process, as the video draws its cards:
 * never through page.eval, so it needs no --allow-eval, and nothing a client sends becomes code here
 * (the tools take no arguments; the two expressions are fixed). The page can read and forge what it
 * records, which is acceptable because the person chose to record it: a flow is replayed with the
 * usual actionability checks, never trusted.
 */

const POLL_MS = 250;
const GONE = new Set(['page_not_found', 'session_not_found', 'browser_not_running']);

interface Active {
  pageId: string;
  rec: FlowRecording;
  /** One drain (and install, in a new document) at a time, so events arrive in their order. */
  poll(): Promise<number>;
  stop(): void;
  done: Promise<void>;
}

/** One recording per MCP session (its link). */
const active = new WeakMap<ProviderLink, Active>();

async function currentPage(ctx: ToolContext): Promise<string> {
  if (ctx.link.current !== undefined) return ctx.link.current;
  const tabs = (await ctx.link.call<{ tabs: Array<{ page_id: string; active: boolean }> }>('tab.list')).result.tabs;
  const tab = tabs.find((t) => t.active) ?? tabs[0];
  if (tab !== undefined) return tab.page_id;
  return (await ctx.link.call<{ page_id: string }>('page.open', { url: 'about:blank' })).result.page_id;
}

const EVAL_MS = 10_000;

/**
 * Runs one of the recorder's fixed expressions (FlowRecording calls only FLOW_DRAIN_EXPRESSION and
 * flowInstallExpression()) in page `pageId` of the link's own session. A page or session that is gone
 * answers page_not_found, which ends the recording.
 */
async function recorderEval(link: ProviderLink, pageId: string): Promise<(expression: string) => Promise<unknown>> {
  const r = await reach(link);
  return async (expression) => {
    const page = r.pageById(pageId);
    if (page === undefined) throw new CallError({ code: 'page_not_found', message: `Page ${pageId} is closed.`, retryable: false, details: {} });
    if (page.evaluate === undefined) throw new CallError({ code: 'unsupported_method', message: 'This engine cannot run the recorder.', retryable: false, details: { code: 'engine_lacks_method' } });
    return page.evaluate(`() => ${expression}`, AbortSignal.timeout(EVAL_MS));
  };
}

/** Installs the recorder before answering, so the first action after the call is kept; then polls. */
async function start(link: ProviderLink, pageId: string): Promise<Active> {
  const rec = new FlowRecording(await recorderEval(link, pageId));
  let last: Promise<unknown> = Promise.resolve();
  const poll = (): Promise<number> => {
    const next = last.then(() => rec.poll());
    last = next.catch(() => undefined);
    return next;
  };
  await poll();
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = async () => {
    while (!stopped) {
      try {
        await poll();
      } catch (e) {
        // The window closed or the session ended: the recording is over; any other miss (a document being
        // replaced) is retried by the next poll, which installs the recorder in the new document.
        if (e instanceof CallError && GONE.has(e.error.code)) break;
      }
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, POLL_MS);
      });
    }
  };
  return {
    pageId,
    rec,
    poll,
    stop: () => {
      stopped = true;
      wake?.();
    },
    done: loop(),
  };
}

/**
 * After a tool call of this MCP session while it records: drains the recorder, and installs it in a
 * document the call opened, before the call is answered. The poll alone would leave up to POLL_MS of a
 * new document unwatched, and a model that acts at once (type right after navigate) lost its step.
 */
export async function afterRecordedCall(link: ProviderLink): Promise<void> {
  await active.get(link)?.poll().catch(() => 0);
}

/** The flow as the model reads it: one line per step, typed passwords masked. */
function listing(steps: readonly FlowStep[]): string {
  return steps.map((s, i) => `${i + 1}. ${describeStep(s)}`).join('\n');
}

export const RECORDING_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_start_recording',
    title: 'Start recording user actions',
    description:
      'Start recording what the user does in the browser window (clicks, typing, selects, keys, navigation, drags) as a flow script with stable targets (role and name, label or text, CSS). Use it when the user wants to demonstrate a flow; call browser_stop_recording when they say they are done.',
    // Our own recorder, not the client's code: no protocol method and no gate (see the top of this file).
    method: undefined,
    // It installs a watcher and changes nothing the page shows, as Playwright MCP marks it.
    readOnly: true,
    cap: 'devtools',
    input: z.object({}),
    async run(ctx) {
      const running = active.get(ctx.link);
      if (running !== undefined) return { text: `A recording is already running on page ${running.pageId}; browser_stop_recording ends it.` };
      const pageId = await currentPage(ctx);
      const a = await start(ctx.link, pageId);
      active.set(ctx.link, a);
      return { text: `Recording the user's actions on page ${pageId}. Call browser_stop_recording when the user is done.`, structured: { page_id: pageId, recording: true } };
    },
  }),
  defineTool({
    name: 'browser_stop_recording',
    title: 'Stop recording user actions',
    description:
      'Stop the recording started with browser_start_recording; answers the recorded steps and writes the flow script (JSON Lines of protocol calls) to a file that `browser-provider replay <file> --browser all` replays on Firefox, Chrome and Safari.',
    method: undefined,
    readOnly: true,
    cap: 'devtools',
    input: z.object({}),
    async run(ctx) {
      const a = active.get(ctx.link);
      if (a === undefined) return { text: 'No recording is running; browser_start_recording starts one.' };
      active.delete(ctx.link);
      a.stop();
      await a.done;
      // What happened since the last poll.
      await a.poll().catch(() => 0);
      const steps = a.rec.steps();
      const path = steps.length > 0 && ctx.files !== undefined ? await writeOutput(ctx, `flow-${Date.now()}.jsonl`, flowToJsonl(steps)) : undefined;
      const text = [
        `Recorded ${steps.length} step${steps.length === 1 ? '' : 's'}${path !== undefined ? `, written to ${path}` : ''}:`,
        listing(steps),
        ...(path !== undefined ? [`Replay it on every engine: browser-provider replay ${path} --browser all`] : []),
      ].join('\n');
      return { text, structured: { steps: steps.length, ...(path !== undefined ? { path } : {}) } };
    },
  }),
];
