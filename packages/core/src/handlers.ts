import type { CoreMethodName, Feature, MethodName, OptionalMethodName, ParamsOf, ResultOf } from '@browser-provider/protocol';
import type { Gate } from './custom-method';
import { OPTIONAL_METHODS } from '@browser-provider/protocol';
import { describe, status } from './describe';
import { click, hover, press, select, type } from './ops/actions';
import { open } from './ops/navigate';
import { screenshot } from './ops/screenshot';
import { afterAction, snapshotPage } from './ops/snapshot';
import { activateTab, closeTab, listTabs, newTab } from './ops/tabs';
import { waitFor } from './ops/wait';
import { listDownloads, waitDownload } from './ops/downloads';
import { evaluate } from './ops/eval';
import { drainWarnings, wireSession } from './ops/events';
import { reload, traverse } from './ops/history';
import { listConsole, listCookies, listNetwork, readStorage } from './ops/introspect';
import { scrollPage } from './ops/scroll';
import { setFiles } from './ops/upload';
import type { Backend } from './backend';
import type { PageHandle } from './page';
import type { Provider } from './provider';
import type { Session } from './session';

export interface CallContext {
  provider: Provider;
  signal: AbortSignal;
  /** Wall-clock time (ms) by which the call must have answered. */
  deadlineAt: number;
  /** Warnings for the response envelope. */
  warnings: string[];
}
export interface SessionContext extends CallContext {
  session: Session;
}
export interface PageContext extends SessionContext {
  page: PageHandle;
}

/**
 * How a method is run. `provider` methods run at once; `session` methods run in the session's queue;
 * `page` methods also resolve `page_id` (or the current page) inside the queue, so a page closed by an
 * earlier call is reported as such.
 */
export type Handler<M extends MethodName> =
  | { scope: 'provider'; run: (ctx: CallContext, p: ParamsOf<M>) => Promise<ResultOf<M>> }
  | { scope: 'session'; run: (ctx: SessionContext, p: ParamsOf<M>) => Promise<ResultOf<M>> }
  | { scope: 'page'; run: (ctx: PageContext, p: ParamsOf<M>) => Promise<ResultOf<M>> };

/** Every core method must have a handler (the compiler checks); optional ones where implemented. */
export type HandlerTable = { [M in CoreMethodName]: Handler<M> } & { [M in OptionalMethodName]?: Handler<M> };

const after = (ctx: PageContext, want: 'none' | 'diff' | 'full' | undefined) => afterAction(ctx.session, ctx.page, want, ctx.warnings, ctx.signal);

export const HANDLERS: HandlerTable = {
  'provider.describe': { scope: 'provider', run: async (ctx) => describe(ctx.provider) },
  'provider.status': { scope: 'provider', run: async (ctx) => status(ctx.provider) },
  'session.ensure': {
    scope: 'provider',
    run: async (ctx, p) => {
      const { session, reused } = await ctx.provider.ensureSession(p, ctx.signal);
      wireSession(ctx.provider, session);
      const profile = session.profile;
      const wanted = p.persist === true || p.profile !== undefined ? (p.profile ?? 'default') : undefined;
      const asked = p.persist !== undefined || p.profile !== undefined;
      if (reused && asked && wanted !== profile?.name) {
        ctx.warnings.push(`client_session_id ${p.client_session_id ?? ''} is bound to an open session ${profile ? `using profile "${profile.name}"` : 'without a persistent profile'}; the requested profile setting was not applied`);
      }
      if (p.isolation === 'per_jcode_session' && session.isolation !== 'per_jcode_session') {
        ctx.warnings.push('this engine cannot isolate sessions here; the session shares cookies and storage with others');
      }
      const info = ctx.provider.engineOf(session).info;
      const preferred = ctx.provider.engines.resolve(p.browser_preference);
      if (reused && preferred !== undefined && preferred.info.family !== info.family) {
        ctx.warnings.push(`client_session_id ${p.client_session_id ?? ''} is bound to an open session on ${info.family}; browser_preference ${JSON.stringify(p.browser_preference)} was not applied`);
      }
      return {
        session_id: session.id,
        browser_family: info.family,
        browser_label: info.browserLabel,
        attached_to_existing_browser: session.backend.attached,
        isolation: session.isolation,
        default_page_id: session.currentPageId ?? [...session.pages.keys()][0] ?? '',
        reused,
        ...(profile ? { profile: { name: profile.name, path: profile.path, created: profile.created && !reused } } : {}),
      };
    },
  },
  'session.close': {
    scope: 'session',
    run: async (ctx) => {
      const detached = ctx.session.backend.attached;
      await ctx.provider.closeSession(ctx.session, 'closed by session.close');
      return { session_id: ctx.session.id, closed: true, detached };
    },
  },
  'page.open': { scope: 'session', run: (ctx, p) => open(ctx.provider, ctx.session, p, ctx.warnings, ctx.signal) },
  'page.snapshot': { scope: 'page', run: (ctx, p) => snapshotPage(ctx.session, ctx.page, p, ctx.warnings, ctx.signal) },
  'page.click': { scope: 'page', run: async (ctx, p) => ({ ...(await click(ctx.session, ctx.page, p, ctx.signal)), ...(await after(ctx, p.snapshot)) }) },
  'page.type': { scope: 'page', run: async (ctx, p) => ({ ...(await type(ctx.session, ctx.page, p, ctx.signal)), ...(await after(ctx, p.snapshot)) }) },
  'page.wait': { scope: 'page', run: (ctx, p) => waitFor(ctx.session, ctx.page, p, ctx.deadlineAt, ctx.warnings, ctx.signal) },
  'page.screenshot': { scope: 'page', run: (ctx, p) => screenshot(ctx.session, ctx.page, p, ctx.signal) },
  'page.hover': { scope: 'page', run: (ctx, p) => hover(ctx.session, ctx.page, p, ctx.signal) },
  'page.press': { scope: 'page', run: async (ctx, p) => ({ ...(await press(ctx.session, ctx.page, p, ctx.signal)), ...(await after(ctx, p.snapshot)) }) },
  'page.select': { scope: 'page', run: async (ctx, p) => ({ ...(await select(ctx.session, ctx.page, p, ctx.signal)), ...(await after(ctx, p.snapshot)) }) },
  'tab.list': { scope: 'session', run: (ctx) => listTabs(ctx.session, ctx.signal) },
  'tab.new': { scope: 'session', run: (ctx, p) => newTab(ctx.provider, ctx.session, p, ctx.signal) },
  'tab.activate': { scope: 'session', run: (ctx, p) => activateTab(ctx.provider, ctx.session, p, ctx.signal) },
  'tab.close': { scope: 'session', run: (ctx, p) => closeTab(ctx.provider, ctx.session, p, ctx.signal) },
  'page.go_back': { scope: 'page', run: (ctx, p) => traverse(ctx.page, -1, p, ctx.warnings, ctx.signal) },
  'page.go_forward': { scope: 'page', run: (ctx, p) => traverse(ctx.page, 1, p, ctx.warnings, ctx.signal) },
  'page.reload': { scope: 'page', run: (ctx, p) => reload(ctx.page, p, ctx.warnings, ctx.signal) },
  'page.scroll': { scope: 'page', run: (ctx, p) => scrollPage(ctx.session, ctx.page, p, ctx.signal) },
  'page.eval': { scope: 'page', run: (ctx, p) => evaluate(ctx.provider, ctx.page, p, ctx.signal) },
  'console.list': { scope: 'page', run: async (ctx, p) => listConsole(ctx.page, p) },
  'network.list': { scope: 'page', run: async (ctx, p) => listNetwork(ctx.page, p) },
  'cookie.list': { scope: 'page', run: (ctx, p) => listCookies(ctx.page, p, ctx.signal) },
  'storage.get': { scope: 'page', run: (ctx, p) => readStorage(ctx.page, p, ctx.signal) },
  'upload.set_files': { scope: 'page', run: (ctx, p) => setFiles(ctx.provider, ctx.session, ctx.page, p, ctx.signal) },
  'download.list': { scope: 'session', run: async (ctx) => listDownloads(ctx.session) },
  'download.wait': { scope: 'session', run: (ctx, p) => waitDownload(ctx.session, p, ctx.warnings, ctx.signal) },
};

/**
 * What happened in the session meanwhile (a dialog answered, a popup adopted) is told in the session's
 * next successful response, after the method's own warnings.
 */
function withSessionWarnings<M extends MethodName>(h: Handler<M>): Handler<M> {
  switch (h.scope) {
    case 'provider':
      return h;
    case 'session':
      return { scope: 'session', run: async (ctx, p) => drained(ctx, await h.run(ctx, p)) };
    case 'page':
      return { scope: 'page', run: async (ctx, p) => drained(ctx, await h.run(ctx, p)) };
  }
}
function drained<T>(ctx: SessionContext, result: T): T {
  ctx.warnings.push(...drainWarnings(ctx.session));
  return result;
}
for (const name of Object.keys(HANDLERS) as MethodName[]) {
  const table = HANDLERS as Record<string, Handler<MethodName>>;
  const h = table[name];
  if (h !== undefined) table[name] = withSessionWarnings(h);
}

/**
 * Optional methods built only on the required Backend interface (page script + trusted input), so
 * every engine has them; the browser tests and the conformance run check them on each.
 */
const ENGINE_INDEPENDENT: ReadonlySet<string> = new Set(['tab.list', 'tab.new', 'tab.activate', 'tab.close', 'page.hover', 'page.press', 'page.select']);

/**
 * Optional methods a server flag gates, and the feature each stands for. The dispatcher still routes
 * them (so a call is refused with `gated`, not `unsupported_method`); `describe` lists them as
 * callable only when the flag is set.
 */
export const OPTIONAL_GATES: { readonly [M in OptionalMethodName]?: { gate: Gate; feature?: Feature } } = {
  'page.eval': { gate: 'allow-eval', feature: 'js_eval' },
};

/**
 * The optional methods `engine` answers: implemented in core and, where it takes the engine, offered
 * by it. Without `engine`: those some fronted engine answers (the dispatcher then checks the session's).
 */
export function supportedOptionalMethods(provider: Provider, engine?: Backend): OptionalMethodName[] {
  const offered = new Set<string>((engine ? [engine] : provider.engines.list).flatMap((b) => b.optionalMethods()));
  return OPTIONAL_METHODS.filter((m) => HANDLERS[m] !== undefined && (ENGINE_INDEPENDENT.has(m) || offered.has(m)));
}
