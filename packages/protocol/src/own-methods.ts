import { z } from 'zod';
import type { Stability } from './capabilities';
import { RequestId } from './ids';
import { TimeoutMs } from './methods';
import { headerValueProblem, isFramingHeader, isHeaderName, STUB_EVAL_RULE } from './route-stub';
import { traitsOf, type MethodScope, type MethodTraits, type TraitsInput } from './traits';

/**
 * Our namespaced methods, which core offers beside the draft's (`METHODS`): `requests.cancel`, `jobs.*`,
 * `events.subscribe`, `dialog.handle` on every engine; `route.*` and `network.set_offline` only on the
 * engines that list them (`perEngine`). `provider.describe` lists them as custom methods with these
 * schemas; core implements them.
 */

const Id = z.string().min(1).max(256);
const Sid = z.object({ session_id: Id, timeout_ms: TimeoutMs.optional() });

export const MAX_JOB_STEPS = 200;
export const EVENT_NAMES = ['page.navigated', 'page.dialog', 'download.finished', 'console.entry'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export const StepState = z.enum(['pending', 'running', 'ok', 'error', 'skipped', 'outcome_unknown']);
export const JobState = z.enum(['running', 'succeeded', 'failed', 'cancelled']);
export const JobView = z.object({
  job_id: z.string(),
  state: JobState,
  stop_on_error: z.boolean(),
  created_at: z.number(),
  finished_at: z.number().optional(),
  steps: z.array(
    z.object({
      index: z.number().int(),
      method: z.string(),
      state: StepState,
      result: z.unknown().optional(),
      error: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
export type JobView = z.infer<typeof JobView>;

export interface OwnMethodSpec<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, S extends MethodScope = MethodScope> {
  readonly params: P;
  readonly result: R;
  readonly description: string;
  readonly stability: Stability;
  readonly traits: MethodTraits & { readonly scope: S };
  /** Offered only by an engine whose `ownMethods()` lists it (it needs the engine's network control). */
  readonly perEngine?: true;
}

const own = <P extends z.ZodType, R extends z.ZodType, S extends MethodScope>(description: string, params: P, result: R, traits: TraitsInput<S>): OwnMethodSpec<P, R, S> => ({
  description,
  stability: 'experimental',
  params,
  result,
  traits: traitsOf('provider', traits),
});
const perEngine = <P extends z.ZodType, R extends z.ZodType, S extends MethodScope>(description: string, params: P, result: R, traits: TraitsInput<S>): OwnMethodSpec<P, R, S> => ({
  ...own(description, params, result, traits),
  perEngine: true,
});

/** How a route answers: a stub response, a network error, or the request sent on with changed headers. */
export const RouteAction = z.enum(['fulfill', 'fail', 'continue']);
export const RouteView = z.object({
  route_id: z.string(),
  url: z.string(),
  action: RouteAction,
  status: z.number().int().optional(),
  /** Requests it answered so far. */
  hits: z.number().int(),
  /** Additive: of those, how many the browser refused to answer so (each went on unchanged), and its reason for the last. */
  refused: z.number().int().optional(),
  refusal: z.string().optional(),
});
export type RouteView = z.infer<typeof RouteView>;
/** Which of the three answers a `route.add` asks for (its params must name exactly one). */
export function routeKinds(p: { status?: unknown; headers?: unknown; content_type?: unknown; body?: unknown; fail?: boolean | undefined; request_headers?: unknown; remove_request_headers?: unknown }): z.infer<typeof RouteAction>[] {
  const kinds: z.infer<typeof RouteAction>[] = [];
  if ([p.status, p.headers, p.content_type, p.body].some((v) => v !== undefined)) kinds.push('fulfill');
  if (p.fail === true) kinds.push('fail');
  if (p.request_headers !== undefined || p.remove_request_headers !== undefined) kinds.push('continue');
  return kinds;
}
const HEADER_NAME_RULE = "not an HTTP header name (a token: letters, digits and !#$%&'*+-.^_`|~)";
const Header = z.string().min(1).max(1_000).refine(isHeaderName, { message: HEADER_NAME_RULE });
const sendable = (v: string, ctx: z.RefinementCtx) => {
  const problem = headerValueProblem(v);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
};
const HeaderValue = z.string().max(10_000).superRefine(sendable);
const MAX_HEADERS = 100;
/** Headers by name; a bad name is reported at its own key (`headers.X Y`), as a bad value is. */
const Headers = z
  .record(z.string().min(1).max(1_000), HeaderValue)
  .superRefine((rec, ctx) => {
    const names = Object.keys(rec);
    if (names.length > MAX_HEADERS) ctx.addIssue({ code: 'custom', message: `at most ${MAX_HEADERS} headers` });
    for (const name of names) if (!isHeaderName(name)) ctx.addIssue({ code: 'custom', path: [name], message: HEADER_NAME_RULE });
  });
const FRAMING_RULE = 'frames the HTTP message itself (the browser writes it), so no route may set or remove it';
/** Request headers a route changes: also never one that frames the message. */
const RequestHeaders = Headers.superRefine((rec, ctx) => {
  for (const name of Object.keys(rec)) if (isFramingHeader(name)) ctx.addIssue({ code: 'custom', path: [name], message: FRAMING_RULE });
});
const RequestHeaderName = Header.refine((name) => !isFramingHeader(name), { message: FRAMING_RULE });
/**
 * The longest stub body, in characters: what every transport carries in one message. MCP over HTTP
 * takes messages of 4 MiB; a million characters of text is at most 3 MB of UTF-8 (6 only for a body of
 * control characters, which JSON escapes). It is also the most of a body `network.request` shows.
 */
export const ROUTE_BODY_MAX_CHARS = 1_000_000;

export const OWN_METHODS = {
  'requests.cancel': own(
    'Cancel a request still in flight. A queued request is never sent to the browser and answers with outcome "not_done"; a running one is answered at once, with outcome "unknown" when it may already have acted. Pass the session_id the request was sent with: a request of a session can be cancelled only by that session (one sent without a session, only without one); any other is not_found.',
    z.object({ request_id: RequestId, session_id: z.string().optional().describe('The session the request was sent with; omit only for a request sent without one.') }),
    z.object({ request_id: RequestId, cancelled: z.boolean(), state: z.enum(['queued', 'running', 'not_found']) }),
    { scope: 'provider' },
  ),
  'jobs.submit': own(
    `Run up to ${MAX_JOB_STEPS} normalized page/tab steps in the background; returns a job_id at once. While it runs, the session's other mutating calls get not_ready / job_active.`,
    Sid.extend({
      steps: z
        .array(z.object({ method: z.string(), params: z.record(z.string(), z.unknown()).optional() }))
        .min(1)
        .max(MAX_JOB_STEPS),
      stop_on_error: z.boolean().optional(),
    }),
    JobView,
    { scope: 'session' },
  ),
  // jobs.get / cancel / list run at once (not behind the job's steps in the session's queue).
  'jobs.get': own("A job's state and each step's result or error (the caller's own jobs only).", Sid.extend({ job_id: z.string() }), JobView, { scope: 'provider', needsSession: true }),
  'jobs.cancel': own('Stop a job before its next step. A step already done is never undone; a running step finishes.', Sid.extend({ job_id: z.string() }), JobView, {
    scope: 'provider',
    needsSession: true,
  }),
  'jobs.list': own("The caller's jobs, newest last.", Sid, z.object({ jobs: z.array(JobView) }), { scope: 'provider', needsSession: true }),
  'events.subscribe': own(
    `Choose which optional events this session's activity writes to the stream between responses, as {protocol_version, event, payload} lines: ${EVENT_NAMES.join(', ')}. Replaces the previous choice; an empty list unsubscribes. Answers which of them this engine can report.`,
    Sid.extend({ events: z.array(z.enum(EVENT_NAMES)).max(EVENT_NAMES.length) }),
    z.object({ subscribed: z.array(z.string()), unsupported: z.array(z.string()) }),
    { scope: 'session' },
  ),
  'dialog.handle': own(
    'Say how the next JavaScript dialog (alert/confirm/prompt/beforeunload) of a page (page_id) or of any page of the session is answered: accept or dismiss, with prompt_text for a prompt. With persist, it becomes the session policy for every later dialog. Dialogs never wait for this: by default alerts are accepted and confirm/prompt dismissed, and each dialog is reported as a warning (and a page.dialog event).',
    Sid.extend({
      page_id: Id.optional(),
      accept: z.boolean(),
      prompt_text: z.string().max(100_000).optional(),
      persist: z.boolean().optional(),
    }),
    z.object({ armed: z.boolean(), scope: z.enum(['page', 'session_next', 'session_policy']) }),
    { scope: 'session' },
  ),
  'route.add': perEngine(
    "Answer the requests of this session's pages whose URL matches `url` ourselves: with a stub response (status, headers, body), as a network error (fail), or sent on with changed request headers. `url` is a glob over the whole URL (`**` any characters, `*` any but `/`, `{a,b}` either) or `/regex/flags`; both run in linear time. The newest matching route wins. Only this session's traffic is held; the routes end with the session. A header the engine refuses is refused here, before the route is added; one it refuses only when answering is counted in route.list (refused). Without --allow-eval a stub a page could run is refused (param_gates in provider.describe says which).",
    Sid.extend({
      url: z.string().min(1).max(4_096).describe('Glob over the whole URL ("**/api/*", "**/*.{png,jpg}") or /regex/flags.'),
      status: z.number().int().min(100).max(599).optional().describe('Stub response status (default 200).'),
      headers: Headers.optional().describe('Stub response headers.'),
      content_type: z.string().max(1_000).superRefine(sendable).optional().describe('Stub response Content-Type (a header of its own, for convenience).'),
      body: z
        .string()
        .max(ROUTE_BODY_MAX_CHARS, { message: `at most ${ROUTE_BODY_MAX_CHARS} characters (the most one message carries on every transport)` })
        .optional()
        .describe(`Stub response body, as text (at most ${ROUTE_BODY_MAX_CHARS} characters).`),
      fail: z.boolean().optional().describe('Fail the request with a network error instead of answering it.'),
      request_headers: RequestHeaders.optional().describe('Send the request on with these headers set (no stub).'),
      remove_request_headers: z.array(RequestHeaderName).max(MAX_HEADERS).optional().describe('Send the request on without these headers (no stub).'),
    }).refine((p) => routeKinds(p).length === 1, { message: 'give exactly one of: a stub (status, headers, content_type, body), fail: true, or request_headers / remove_request_headers' }),
    z.object({ route_id: z.string(), routes: z.number().int() }),
    { scope: 'session', mutating: true, paramGate: { gate: 'allow-eval', params: ['body', 'content_type', 'headers'], rule: STUB_EVAL_RULE } },
  ),
  'route.list': perEngine("This session's routes, newest first (the order they are matched in), with how many requests each answered and how many of those the browser refused to answer so (each went on unchanged).", Sid, z.object({ routes: z.array(RouteView) }), { scope: 'session' }),
  'route.remove': perEngine(
    "Remove this session's routes: the one with route_id, those with this exact url, or (neither given) all of them. Requests then reach the network again.",
    Sid.extend({ route_id: Id.optional(), url: z.string().min(1).max(4_096).optional() }),
    z.object({ removed: z.number().int(), routes: z.number().int() }),
    { scope: 'session', mutating: true },
  ),
  'network.set_offline': perEngine(
    "Take this session's pages offline (every request fails as without a network) or back online. Other sessions keep their network.",
    Sid.extend({ offline: z.boolean() }),
    z.object({ offline: z.boolean() }),
    { scope: 'session', mutating: true },
  ),
} as const satisfies Record<string, OwnMethodSpec>;

export type OwnMethodName = keyof typeof OWN_METHODS;
export type OwnParamsOf<M extends OwnMethodName> = z.infer<(typeof OWN_METHODS)[M]['params']>;
export type OwnResultOf<M extends OwnMethodName> = z.infer<(typeof OWN_METHODS)[M]['result']>;
export const OWN_METHOD_NAMES = Object.keys(OWN_METHODS) as OwnMethodName[];
export const isOwnMethodName = (name: string): name is OwnMethodName => Object.hasOwn(OWN_METHODS, name);
