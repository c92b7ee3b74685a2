import { z } from 'zod';
import { METHODS, OWN_METHODS, type ResultOf } from '@browser-provider/protocol';
import { notes } from './answer';
import { CallError } from './link';
import { Filename, textOrFile } from './output';
import { snapshotAnswer } from './steps';
import { defineTool, field, type ToolContext, type ToolDef } from './tool';

/** Tabs, dialogs, the page's logs, and the session itself. */

const dialog = OWN_METHODS['dialog.handle'].params.shape;
const ensure = METHODS['session.ensure'].params.shape;
/** The note (first, so an answer cut at its end keeps it) for entries a list answer left out to stay within its size limit (`LIMITS.listChars`). */
const omittedNote = (omitted: number | undefined, what: string): string[] =>
  omitted === undefined ? [] : [`Note: ${omitted} older ${what} were left out to keep the answer within its size limit; ask with a smaller limit.`];
const consoleList = METHODS['console.list'].params.shape;
const networkList = METHODS['network.list'].params.shape;
const tabNew = METHODS['tab.new'].params.shape;

type Tabs = ResultOf<'tab.list'>['tabs'];

/** Playwright MCP's console levels, most severe first; each shows itself and those before it. */
const CONSOLE_LEVELS = ['error', 'warning', 'info', 'debug'] as const;
/** An engine's level (or console method) as a rank in CONSOLE_LEVELS; unknown ones count as info. */
function levelRank(level: string): number {
  if (level === 'error' || level === 'assert') return 0;
  if (level === 'warn' || level === 'warning') return 1;
  if (level === 'debug' || level === 'trace') return 3;
  return 2;
}

/** What Playwright MCP hides by default: static resources that loaded fine. */
const STATIC = new Set(['image', 'font', 'script', 'style', 'stylesheet', 'media', 'img', 'css', 'audio', 'video', 'track']);
const isStatic = (q: { resource_type?: string | undefined; status?: number | undefined; failed?: boolean | undefined }) =>
  q.resource_type !== undefined && STATIC.has(q.resource_type) && q.failed !== true && (q.status === undefined || q.status < 400);

function regexArg(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch (e) {
    throw new CallError({ code: 'invalid_request', message: `filter: ${(e as Error).message}`, retryable: false, details: { code: 'invalid_params', field: 'filter' } });
  }
}

const tabLines = (tabs: Tabs) => tabs.map((t, i) => `- ${i}:${t.active ? ' (current)' : ''} ${JSON.stringify(t.title)} ${t.url}`);

async function tabAt(ctx: ToolContext, index: number | undefined): Promise<Tabs[number]> {
  const tabs = (await ctx.link.call<ResultOf<'tab.list'>>('tab.list')).result.tabs;
  const tab = index === undefined ? tabs.find((t) => t.active) : tabs[index];
  if (tab === undefined) {
    throw new CallError({
      code: 'page_not_found',
      message: `There is no tab ${index ?? '(current)'}; the session has ${tabs.length}.`,
      retryable: false,
      details: { code: 'no_such_tab', repair: { method: 'tab.list', params: {}, hint: 'List the tabs and use an index from the list.' } },
    });
  }
  return tab;
}

export const SESSION_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_tabs',
    title: 'Manage tabs',
    description: 'List the session\'s tabs, open a new one (optionally at url), close one, or select one to work in. Indexes are 0-based, as listed.',
    method: 'tab.list',
    input: z.object({
      action: z.enum(['list', 'new', 'close', 'select']).describe('What to do.'),
      index: z.number().int().nonnegative().optional().describe('The tab for close and select (default for close: the current tab).'),
      url: field(tabNew.url, 'For new: the URL to open in it.'),
    }),
    // Named after tab.list, but its new/close/select actions open, close and activate tabs (mutating).
    readOnly: false,
    async run(ctx, a) {
      let done = '';
      if (a.action === 'new') {
        const t = await ctx.link.call<ResultOf<'tab.new'>>('tab.new', a.url !== undefined ? { url: a.url } : {});
        await ctx.link.call('tab.activate', { tab_id: t.result.tab_id });
        done = `Opened a new tab${a.url ? ` at ${a.url}` : ''}.`;
      } else if (a.action === 'close') {
        const tab = await tabAt(ctx, a.index);
        await ctx.link.call('tab.close', { tab_id: tab.tab_id });
        done = `Closed ${JSON.stringify(tab.title)}.`;
      } else if (a.action === 'select') {
        if (a.index === undefined) throw new CallError({ code: 'invalid_request', message: 'index: required for select', retryable: false, details: { code: 'invalid_params', field: 'index' } });
        const tab = await tabAt(ctx, a.index);
        await ctx.link.call('tab.activate', { tab_id: tab.tab_id });
        ctx.link.current = tab.page_id;
        done = `Selected tab ${a.index}.`;
      }
      const list = await ctx.link.call<ResultOf<'tab.list'>>('tab.list');
      const active = list.result.tabs.find((t) => t.active);
      if (active !== undefined) ctx.link.current = active.page_id;
      return { text: [done, 'Tabs:', ...tabLines(list.result.tabs), ...notes(ctx.vocab, list.warnings)].filter((l) => l !== '').join('\n'), structured: list.result };
    },
  }),
  defineTool({
    name: 'browser_handle_dialog',
    title: 'Handle a dialog',
    description:
      'Say how the next alert/confirm/prompt is answered. Dialogs never block here: one that already opened was answered by the default (alert accepted, confirm and prompt dismissed) and reported in a Note; this arms the answer for the next one.',
    method: 'dialog.handle',
    input: z.object({ accept: field(dialog.accept, 'Accept (OK) or dismiss (Cancel).'), promptText: field(dialog.prompt_text, 'The text to answer a prompt with.') }),
    // dialog.handle changes no page now (the table's `mutating` is about jobs and lost outcomes), but it
    // decides how the page's next confirm/prompt resolves: a client must not take that as read-only.
    readOnly: false,
    async run(ctx, a) {
      const r = await ctx.link.call<{ armed: boolean; scope: string }>('dialog.handle', { accept: a.accept, ...(a.promptText !== undefined ? { prompt_text: a.promptText } : {}) });
      return { text: [`The next dialog will be ${a.accept ? 'accepted' : 'dismissed'}${a.promptText !== undefined ? ` with ${JSON.stringify(a.promptText)}` : ''}.`, ...notes(ctx.vocab, r.warnings)].join('\n'), structured: r.result };
    },
  }),
  defineTool({
    name: 'browser_console_messages',
    title: 'Console messages',
    description: 'The current page\'s recent console messages since its last navigation (with all: since the tab opened; the newest 500 the engine kept), oldest first, at level info and above unless level says otherwise.',
    method: 'console.list',
    input: z.object({
      level: z.enum(CONSOLE_LEVELS).optional().describe('The least severe level shown (default info): error, warning, info or debug; each takes in the more severe ones.'),
      all: z.boolean().optional().describe('Also the messages of the documents before the last navigation (default false: the current document\'s only).'),
      limit: field(consoleList.limit, 'At most this many, the newest.'),
      filename: Filename('the messages'),
    }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'console.list'>>('console.list', { limit: 10_000, ...(a.all === true ? {} : { since_navigation: true }) });
      const shown = r.result.entries.filter((e) => levelRank(e.level) <= CONSOLE_LEVELS.indexOf(a.level ?? 'info')).slice(-(a.limit ?? 100));
      const lines = [...omittedNote(r.result.omitted, 'messages'), ...shown.map((e) => `[${e.level}] ${e.text}`)];
      return { text: await textOrFile(ctx, a.filename, lines.length > 0 ? lines.join('\n') : 'No console messages.', 'the messages'), structured: { entries: shown } };
    },
  }),
  defineTool({
    name: 'browser_network_requests',
    title: 'Network requests',
    description: 'The current page\'s requests, numbered for browser_network_request: method, URL, status. Successful images, fonts, scripts and stylesheets are left out unless static is true.',
    method: 'network.list',
    input: z.object({
      static: z.boolean().optional().describe('Also list successful static resources (images, fonts, scripts, stylesheets, media).'),
      filter: z.string().min(1).max(1_000).optional().describe('Only requests whose URL matches this regular expression.'),
      limit: field(networkList.limit, 'At most this many, the newest.'),
      filename: Filename('the list'),
    }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'network.list'>>('network.list', { limit: 10_000 });
      const re = a.filter !== undefined ? regexArg(a.filter) : undefined;
      // Numbered over everything the page kept, so an index stays the same when older ones were left out.
      const numbered = r.result.requests.map((q, i) => ({ n: (r.result.omitted ?? 0) + i + 1, q }));
      const shown = numbered.filter(({ q }) => (a.static === true || !isStatic(q)) && (re === undefined || re.test(q.url))).slice(-(a.limit ?? 100));
      const lines = [...omittedNote(r.result.omitted, 'requests'), ...shown.map(({ n, q }) => `${n}. ${q.method} ${q.url} ${q.failed ? 'failed' : (q.status ?? '…')}`)];
      return { text: await textOrFile(ctx, a.filename, lines.length > 0 ? lines.join('\n') : 'No requests.', 'the list'), structured: { requests: shown.map(({ n, q }) => ({ index: n, ...q })) } };
    },
  }),
  defineTool({
    name: 'browser_close',
    title: 'Close the browser session',
    description: 'Close every tab of this session and forget its cookies; the next tool call starts a fresh session.',
    method: 'session.close',
    input: z.object({}),
    destructive: true,
    async run(ctx) {
      const had = ctx.link.open;
      await ctx.link.endSession();
      return { text: had ? 'Closed the session; the next call opens a new one.' : 'No session was open.', structured: { closed: had } };
    },
  }),
  defineTool({
    name: 'browser_status',
    title: 'Browser status',
    description:
      'Which browser engines this server drives, their versions and state, and the setup steps for what is missing (provider.setup_guide). With verify, also really opens a page in each browser and snapshots it (provider.verify): seconds, up to a minute on a cold start.',
    method: 'provider.status',
    input: z.object({
      verify: z.boolean().optional().describe('Also launch each browser, open a page, snapshot it and close (provider.verify); answers what failed and what to do.'),
    }),
    async run(ctx, a) {
      const [status, guide] = await Promise.all([ctx.link.raw<Record<string, unknown>>('provider.status'), ctx.link.raw<ResultOf<'provider.setup_guide'>>('provider.setup_guide')]);
      const verified = a.verify === true ? (await ctx.link.raw<ResultOf<'provider.verify'>>('provider.verify')).result : undefined;
      // Only what is still to do: a ready host's guide would be noise in the model's context.
      const todo = guide.result.guides.flatMap((g) => g.steps.filter((s) => !s.done).map((s) => `${g.browser_family}: ${s.title}${s.commands?.length ? ` — ${s.commands.join(' && ')}` : ''}`));
      const lines = [
        JSON.stringify(status.result, null, 1),
        ...(todo.length > 0 ? ['Setup still to do (provider.setup_guide):', ...todo] : []),
        ...(verified ? [`Verify: ${verified.ok ? 'passed' : 'FAILED'}`, ...verified.diagnostics.map((d) => `${d.level} ${d.code}: ${d.message}${d.manual_steps?.length ? ` (${d.manual_steps.join('; ')})` : ''}`)] : []),
      ];
      return { text: lines.join('\n'), structured: { ...status.result, setup_guide: guide.result.guides, ...(verified ? { verify: verified } : {}) } };
    },
  }),
  defineTool({
    name: 'browser_session',
    title: 'Start a browser session',
    description:
      'Close this session and start another: in another browser (browser: "firefox", "chrome", "safari" or "auto"), or on a persistent profile that keeps sign-ins (persist, profile). Answers the session and its first page.',
    method: 'session.ensure',
    input: z.object({
      browser: field(ensure.browser_preference, 'The browser family to use: firefox, chrome, safari, or auto.'),
      persist: ensure.persist,
      profile: ensure.profile,
    }),
    // session.ensure opens a session; this tool first closes the current one, its tabs and cookies.
    readOnly: false,
    destructive: true,
    async run(ctx, a) {
      const params = {
        ...(a.browser !== undefined ? { browser_preference: a.browser } : {}),
        ...(a.persist !== undefined ? { persist: a.persist } : {}),
        ...(a.profile !== undefined ? { profile: a.profile } : {}),
      };
      // A browser this server does not drive: the error catalog's repair (browser_family) names this tool again with one it does.
      const s = await ctx.link.switchSession(params);
      const snap = await ctx.link.call<ResultOf<'page.snapshot'>>('page.snapshot', { page_id: s.default_page_id });
      const head = `Session on ${s.browser_label} (${s.browser_family})${s.profile ? `, profile ${JSON.stringify(s.profile.name)} at ${s.profile.path}` : ''}.`;
      const a2 = snapshotAnswer(ctx, ctx.vocab, snap.result, snap.warnings, head);
      return { text: a2.text, structured: { session: s, page: { url: snap.result.url, title: snap.result.title } } };
    },
  }),
];
