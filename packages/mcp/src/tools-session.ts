import { z } from 'zod';
import { dialogHandle } from '@browser-provider/core';
import { METHODS, type ResultOf } from '@browser-provider/protocol';
import { notes } from './answer';
import { CallError } from './link';
import { snapshotAnswer } from './steps';
import { defineTool, field, type ToolContext, type ToolDef } from './tool';

/** Tabs, dialogs, the page's logs, and the session itself. */

const dialog = dialogHandle.params.shape;
const ensure = METHODS['session.ensure'].params.shape;
const consoleList = METHODS['console.list'].params.shape;
const networkList = METHODS['network.list'].params.shape;
const tabNew = METHODS['tab.new'].params.shape;

type Tabs = ResultOf<'tab.list'>['tabs'];

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
    description: 'The current page\'s recent console messages, oldest first.',
    method: 'console.list',
    input: z.object({ limit: field(consoleList.limit, 'At most this many, the newest.') }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'console.list'>>('console.list', a.limit !== undefined ? { limit: a.limit } : {});
      const lines = r.result.entries.map((e) => `[${e.level}] ${e.text}`);
      return { text: lines.length > 0 ? lines.join('\n') : 'No console messages.', structured: r.result };
    },
  }),
  defineTool({
    name: 'browser_network_requests',
    title: 'Network requests',
    description: 'The current page\'s recent requests: method, URL, status.',
    method: 'network.list',
    input: z.object({ limit: field(networkList.limit, 'At most this many, the newest.') }),
    async run(ctx, a) {
      const r = await ctx.link.call<ResultOf<'network.list'>>('network.list', a.limit !== undefined ? { limit: a.limit } : {});
      const lines = r.result.requests.map((q) => `${q.method} ${q.url} ${q.failed ? 'failed' : (q.status ?? '…')}`);
      return { text: lines.length > 0 ? lines.join('\n') : 'No requests.', structured: r.result };
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
    description: 'Which browser engines this server drives, their versions and state, and the setup steps for what is missing.',
    method: 'provider.status',
    input: z.object({}),
    async run(ctx) {
      const r = await ctx.link.raw<Record<string, unknown>>('provider.status');
      return { text: JSON.stringify(r.result, null, 1), structured: r.result };
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
      const s = await ctx.link.switchSession(params);
      const snap = await ctx.link.call<ResultOf<'page.snapshot'>>('page.snapshot', { page_id: s.default_page_id });
      const head = `Session on ${s.browser_label} (${s.browser_family})${s.profile ? `, profile ${JSON.stringify(s.profile.name)} at ${s.profile.path}` : ''}.`;
      const a2 = snapshotAnswer(ctx, ctx.vocab, snap.result, snap.warnings, head);
      return { text: a2.text, structured: { session: s, page: { url: snap.result.url, title: snap.result.title } } };
    },
  }),
];
