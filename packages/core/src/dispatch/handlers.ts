import type { CoreMethodName, MethodName, OptionalMethodName, ParamsOf, ResultOf } from '@browser-provider/protocol';
import { METHODS } from '@browser-provider/protocol';
import type { CallContext, Handler, PageContext, RunFor, SessionContext } from './call-context';
import { describe, status } from './describe';
import { click, hover, press, select, type } from '../ops/actions';
import { clickGesture, dragEvents, screenshotFormat } from '../ops/method-options';
import { drag } from '../ops/drag';
import { mouseAction } from '../ops/mouse';
import { open } from '../ops/navigate';
import { screenshot } from '../ops/screenshot';
import { afterAction, snapshotPage } from '../ops/snapshot';
import { activateTab, closeTab, listTabs, newTab } from '../ops/tabs';
import { waitFor } from '../ops/wait';
import { listDownloads, waitDownload } from '../ops/downloads';
import { evaluate } from '../ops/eval';
import { drainWarnings, wireSession } from '../ops/events';
import { reload, traverse } from '../ops/history';
import { listConsole, listCookies, listNetwork, readStorage, requestDetail } from '../ops/introspect';
import { drop, hideHighlight, highlight } from '../ops/devtools';
import { emulateMedia, printPdf } from '../ops/media';
import { scrollPage } from '../ops/scroll';
import { deleteCookies, setCookies, setViewport, writeStorage } from '../ops/state';
import { setFiles } from '../ops/upload';
import { setupGuides } from '../setup/guide';
import { verify } from '../setup/verify';

/** Every core method must have a handler (the compiler checks); optional ones where implemented. */
export type HandlerTable = { [M in CoreMethodName]: RunFor<M> } & { [M in OptionalMethodName]?: RunFor<M> };

export const HANDLERS: HandlerTable = {
  'provider.describe': async (ctx) => describe(ctx.provider, ctx.methods),
  'provider.status': async (ctx) => status(ctx.provider),
  'provider.setup_guide': (ctx, p) => setupGuides(ctx.provider, p),
  'provider.verify': (ctx, p) => verify(ctx.provider, p, ctx.deadlineAt, ctx.signal),
  'session.ensure': async (ctx, p) => {
    const { session, reused } = await ctx.provider.ensureSession(p, ctx.signal, (stage) => (ctx.progress.stage = stage));
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
  'session.close': async (ctx) => {
    const detached = ctx.session.backend.attached;
    await ctx.provider.closeSession(ctx.session, 'closed by session.close');
    return { session_id: ctx.session.id, closed: true, detached };
  },
  'page.open': (ctx, p) => open(ctx.provider, ctx.session, p, ctx.warnings, ctx.signal),
  'page.snapshot': (ctx, p) => snapshotPage(ctx.session, ctx.page, p, ctx.warnings, ctx.signal),
  'page.click': (ctx, p) => click(ctx.session, ctx.page, p, clickGesture(ctx.provider, ctx.session, p), ctx.warnings, ctx.signal),
  'page.type': (ctx, p) => type(ctx.session, ctx.page, p, ctx.warnings, ctx.signal),
  'page.wait': (ctx, p) => waitFor(ctx.session, ctx.page, p, ctx.deadlineAt, ctx.warnings, ctx.signal),
  'page.screenshot': (ctx, p) => screenshot(ctx.session, ctx.page, p, screenshotFormat(ctx.provider, ctx.session, p), ctx.signal),
  'page.hover': (ctx, p) => hover(ctx.session, ctx.page, p, ctx.signal),
  'page.drag': (ctx, p) => drag(ctx.session, ctx.page, p, dragEvents(ctx.provider, ctx.session, p), ctx.warnings, ctx.signal),
  'page.mouse': (ctx, p) => mouseAction(ctx.provider, ctx.session, ctx.page, p, ctx.warnings, ctx.signal),
  'page.press': (ctx, p) => press(ctx.session, ctx.page, p, ctx.signal),
  'page.select': (ctx, p) => select(ctx.session, ctx.page, p, ctx.signal),
  'tab.list': (ctx) => listTabs(ctx.session, ctx.signal),
  'tab.new': (ctx, p) => newTab(ctx.provider, ctx.session, p, ctx.signal),
  'tab.activate': (ctx, p) => activateTab(ctx.provider, ctx.session, p, ctx.signal),
  'tab.close': (ctx, p) => closeTab(ctx.provider, ctx.session, p, ctx.signal),
  'page.go_back': (ctx, p) => traverse(ctx.page, -1, p, ctx.warnings, ctx.signal),
  'page.go_forward': (ctx, p) => traverse(ctx.page, 1, p, ctx.warnings, ctx.signal),
  'page.reload': (ctx, p) => reload(ctx.page, p, ctx.warnings, ctx.signal),
  'page.scroll': (ctx, p) => scrollPage(ctx.session, ctx.page, p, ctx.signal),
  'page.eval': (ctx, p) => evaluate(ctx.provider, ctx.page, p, ctx.signal),
  'console.list': async (ctx, p) => listConsole(ctx.page, p),
  'network.list': async (ctx, p) => listNetwork(ctx.page, p),
  'cookie.list': (ctx, p) => listCookies(ctx.page, p, ctx.signal),
  'storage.get': (ctx, p) => readStorage(ctx.page, p, ctx.signal),
  'storage.set': (ctx, p) => writeStorage(ctx.page, p, ctx.signal),
  'cookie.set': (ctx, p) => setCookies(ctx.page, p, ctx.signal),
  'cookie.delete': (ctx, p) => deleteCookies(ctx.page, p, ctx.signal),
  'page.set_viewport': (ctx, p) => setViewport(ctx.page, p, ctx.signal),
  'upload.set_files': (ctx, p) => setFiles(ctx.provider, ctx.session, ctx.page, p, ctx.signal),
  'page.emulate_media': (ctx, p) => emulateMedia(ctx.provider, ctx.session, ctx.page, p, ctx.signal),
  'network.request': (ctx, p) => requestDetail(ctx.page, p, ctx.signal),
  'page.pdf': (ctx, p) => printPdf(ctx.page, p, ctx.signal),
  'page.highlight': (ctx, p) => highlight(ctx.session, ctx.page, p, ctx.signal),
  'page.hide_highlight': (ctx, p) => hideHighlight(ctx.session, ctx.page, p, ctx.signal),
  'page.drop': (ctx, p) => drop(ctx.provider, ctx.session, ctx.page, p, ctx.signal),
  'download.list': async (ctx) => listDownloads(ctx.session),
  'download.wait': (ctx, p) => waitDownload(ctx.session, p, ctx.warnings, ctx.signal),
};

/**
 * The handler of `method` as the dispatcher runs it, built from its traits: in its scope; with the
 * after-action snapshot where it takes one; and what happened in the session meanwhile (a dialog
 * answered, a popup adopted) told in the session's next successful response, after its own warnings.
 */
export function handlerOf<M extends MethodName>(method: M): Handler<M> | undefined {
  const run = HANDLERS[method] as ((ctx: PageContext, p: ParamsOf<M>) => Promise<ResultOf<M>>) | undefined;
  if (run === undefined) return undefined;
  const traits = METHODS[method].traits;
  switch (traits.scope) {
    case 'provider':
      return { scope: 'provider', run: run as unknown as (ctx: CallContext, p: ParamsOf<M>) => Promise<ResultOf<M>> };
    case 'session':
      return {
        scope: 'session',
        run: async (ctx, p) => drained(ctx, await (run as unknown as (ctx: SessionContext, p: ParamsOf<M>) => Promise<ResultOf<M>>)(ctx, p)),
        // The close must not wait behind the calls it ends: it aborts them, then waits for them to let go.
        ...(method === 'session.close' ? { endsSession: true as const } : {}),
      };
    case 'page':
      return {
        scope: 'page',
        run: async (ctx, p) => {
          const result = await run(ctx, p);
          const navigated = (result as { navigation_occurred?: boolean }).navigation_occurred === true;
          const snapshot = traits.afterSnapshot ? await afterAction(ctx.session, ctx.page, (p as { snapshot?: 'none' | 'diff' | 'full' }).snapshot, navigated, ctx.warnings, ctx.signal) : {};
          return drained(ctx, { ...result, ...snapshot });
        },
      };
  }
}
function drained<T>(ctx: SessionContext, result: T): T {
  ctx.warnings.push(...drainWarnings(ctx.session));
  return result;
}
