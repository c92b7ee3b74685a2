import type { OwnParamsOf, OwnResultOf } from '@browser-provider/protocol';
import { routeKinds } from '@browser-provider/protocol';
import type { Backend, BackendSession, RouteAnswer, RouteDecider, RoutedRequest, RouteRefused } from '../backend';
import { ERRORS, raise } from '../catalog';
import { callerRegex, callerUrlGlob, PatternError } from './pattern';
import type { Session, SessionRoute as Route } from '../state/session';
import { checkHeaderLimits, checkStub } from './route-checks';

/**
 * `route.add` / `route.list` / `route.remove` / `network.set_offline`. The session's route table
 * lives here; the backend only holds the session's requests while there is a route and asks
 * `decide` what each one gets. Matching runs on RE2 (pattern.ts): a URL is page-controlled input.
 */

/** Routes per session: each held request is matched against all of them, newest first. */
export const MAX_ROUTES = 100;


const lacks = (what: string) =>
  raise(ERRORS.unknown_method, `This engine cannot ${what}.`, undefined);

/** `/re/flags` is a regular expression; anything else a Playwright-style URL glob. */
function urlMatcher(url: string): (input: string) => boolean {
  const re = /^\/(.+)\/([imsu]*)$/.exec(url);
  try {
    return re ? callerRegex(re[1] as string, re[2]) : callerUrlGlob(url);
  } catch (e) {
    if (!(e instanceof PatternError)) throw e;
    throw raise(ERRORS.invalid_params, `url: invalid pattern (${e.message})`, undefined, { details: { field: 'url' } });
  }
}

/** The answer a route gives. Without eval every stub says nosniff: checkStub allowed its body as data, and it must stay data. */
function answerOf(p: OwnParamsOf<'route.add'>, evalAllowed: boolean): RouteAnswer {
  const kind = routeKinds(p)[0];
  if (kind === 'fail') return { action: 'fail' };
  if (kind === 'continue') return { action: 'continue', set: p.request_headers ?? {}, remove: p.remove_request_headers ?? [] };
  const replaced = (name: string) => (p.content_type !== undefined && name === 'content-type') || (!evalAllowed && name === 'x-content-type-options');
  const headers = Object.entries(p.headers ?? {}).filter(([name]) => !replaced(name.toLowerCase()));
  if (p.content_type !== undefined) headers.push(['content-type', p.content_type]);
  if (!evalAllowed) headers.push(['x-content-type-options', 'nosniff']);
  return { action: 'fulfill', status: p.status ?? 200, headers, body: p.body ?? '' };
}

function decider(routes: Route[]): RouteDecider {
  return (request: RoutedRequest) => {
    const hit = routes.find((r) => r.matches(request.url));
    if (hit === undefined) return undefined;
    hit.view.hits++;
    return hit.answer;
  };
}

/** The engine refused a route's answer: route.list counts it, with the engine's reason. */
function refusedBy(session: Session): RouteRefused {
  return (answer, reason) => {
    const route = session.routes.find((r) => r.answer === answer);
    if (route === undefined) return;
    route.view.refused = (route.view.refused ?? 0) + 1;
    route.view.refusal = reason.slice(0, 500);
  };
}

function routing(session: Session): (decide: RouteDecider | undefined, signal: AbortSignal) => Promise<void> {
  const backend: BackendSession = session.backend;
  if (backend.setRouting === undefined) throw lacks('route requests');
  const set = backend.setRouting.bind(backend);
  return (decide, signal) => set(decide, signal, refusedBy(session));
}

let counter = 0;

/** What `route.add` needs to know of the server: whether --allow-eval is on, and the session's engine. */
export interface RouteContext {
  evalAllowed: boolean;
  engine: Backend;
}

export async function addRoute(session: Session, p: OwnParamsOf<'route.add'>, signal: AbortSignal, ctx: RouteContext): Promise<OwnResultOf<'route.add'>> {
  const set = routing(session);
  const routes = session.routes;
  if (routes.length >= MAX_ROUTES) {
    throw raise(ERRORS.too_many_routes, `This session already has ${MAX_ROUTES} routes.`, {});
  }
  checkStub(p, ctx.evalAllowed);
  checkHeaderLimits(p, ctx.engine.routeHeaderLimits?.(), ctx.engine.info.browserLabel);
  const answer = answerOf(p, ctx.evalAllowed);
  const route: Route = {
    view: { route_id: `r${++counter}`, url: p.url, action: answer.action, ...(answer.action === 'fulfill' ? { status: answer.status } : {}), hits: 0 },
    matches: urlMatcher(p.url),
    answer,
  };
  // Newest first: a later route for the same URL overrides an earlier one, as Playwright's do.
  const next = [route, ...routes];
  await set(decider(next), signal);
  session.routes = next;
  return { route_id: route.view.route_id, routes: next.length };
}

export async function listRoutes(session: Session): Promise<OwnResultOf<'route.list'>> {
  routing(session);
  return { routes: session.routes.map((r) => ({ ...r.view })) };
}

export async function removeRoutes(session: Session, p: OwnParamsOf<'route.remove'>, signal: AbortSignal): Promise<OwnResultOf<'route.remove'>> {
  const set = routing(session);
  const routes = session.routes;
  const keep = routes.filter((r) => (p.route_id !== undefined && r.view.route_id !== p.route_id) || (p.url !== undefined && r.view.url !== p.url));
  await set(keep.length > 0 ? decider(keep) : undefined, signal);
  session.routes = keep;
  return { removed: routes.length - keep.length, routes: keep.length };
}

export async function setOffline(session: Session, p: OwnParamsOf<'network.set_offline'>, signal: AbortSignal): Promise<OwnResultOf<'network.set_offline'>> {
  if (session.backend.setOffline === undefined) throw lacks('take its pages offline');
  await session.backend.setOffline(p.offline, signal);
  return { offline: p.offline };
}
