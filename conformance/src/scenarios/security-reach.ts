import { PROTOCOL_VERSION, type ProviderDescription, type ResponseEnvelope } from '@browser-provider/protocol';
import { FIXTURE } from '../fixtures/pages';
import { check, type OpenPage, type Scenario, type ScenarioContext } from './context';
import { expectError } from './error-checks';

/** Valid params for the namespaced methods that act on a page, so a refusal is about the page, not the params. */
const PAGE_METHOD_PARAMS: Readonly<Record<string, Record<string, unknown>>> = {
  'dialog.handle': { accept: true },
  'chrome.performance_metrics': {},
  'webdriver.perform_actions': { actions: [{ type: 'none', id: 'idle', actions: [{ type: 'pause', duration: 0 }] }] },
};

/** Methods that would act on a page, each with valid params: normalized page methods and every namespaced one taking page_id. */
function pageMethods(desc: ProviderDescription): Array<[string, Record<string, unknown>]> {
  const caps = desc.capabilities;
  const normalized: Array<[string, Record<string, unknown>]> = [
    ['page.snapshot', {}],
    ['page.click', { selector: 'a' }],
    ['page.type', { selector: 'input', text: 'x' }],
    ['page.screenshot', {}],
    ['page.wait', { text_present: 'x', timeout_ms: 500 }],
  ];
  const optional: Array<[string, Record<string, unknown>]> = (
    [
      ['tab.activate', {}],
      ['tab.close', {}],
      ['page.reload', {}],
      ['cookie.list', {}],
      ['storage.get', {}],
      ['console.list', {}],
      ['network.list', {}],
    ] as Array<[string, Record<string, unknown>]>
  ).filter(([m]) => caps.optional_methods.includes(m));
  const custom = caps.custom_methods
    .filter((m) => m.gated !== true && typeof (m.input_schema?.properties as Record<string, unknown> | undefined)?.page_id === 'object')
    .map((m): [string, Record<string, unknown>] => [m.name, PAGE_METHOD_PARAMS[m.name] ?? {}]);
  return [...normalized, ...optional, ...custom];
}

/**
 * (s4) Session B knows A's page id, request id and job id (ids are guessable: page_1, c12, job_1) and
 * tries every method with them: each is refused, A's call completes, and no refusal names A's session
 * id (it is A's credential).
 */
export const crossSessionScenario: Scenario = {
  id: 's04-cross-session',
  tier: 'security',
  method: 'requests.cancel',
  title: "session B cannot touch session A's page, request or job through any method, and never learns A's session id",
  needsBrowser: true,
  async run(ctx) {
    const a = await ctx.openFixture('reach-a', FIXTURE.home.path);
    const b = await ctx.ensureSession('reach-b');
    const desc = (await ctx.ok('provider.describe', {})) as ProviderDescription;
    const leaksA = (r: ResponseEnvelope) => JSON.stringify(r).includes(a.session_id);

    for (const [method, params] of pageMethods(desc)) {
      const extra = method.startsWith('tab.') ? { tab_id: a.page_id } : { page_id: a.page_id };
      const r = await ctx.client.call(method, { ...params, session_id: b.session_id, ...extra }, { signal: ctx.signal });
      check(!r.ok, `${method} by session B on A's page ${a.page_id} answered ok`);
      expectError(r, `${method} by B on A's page`, { code: 'permission_denied', detail: 'tab_leased' });
      check(!leaksA(r), `${method}: the refusal names session A's id`);
    }

    await requestOfA(ctx, a, b.session_id);
    await jobOfA(ctx, a, b.session_id);
    // A's page still works for A.
    await ctx.snapshot(a);
  },
};

/** B cancels A's page.wait by its id, with and without a session_id: not found, and A's wait goes on. */
async function requestOfA(ctx: ScenarioContext, a: OpenPage, bSession: string): Promise<void> {
  const id = `${ctx.tag}-a-wait`;
  const waiting = ctx.client.callRaw(
    { protocol_version: PROTOCOL_VERSION, id, method: 'page.wait', params: { ...a, text_present: 'Text this page never shows', timeout_ms: 3_000 } },
    { signal: ctx.signal },
  );
  for (const params of [{ request_id: id }, { request_id: id, session_id: bSession }]) {
    const r = await ctx.client.call('requests.cancel', params, { signal: ctx.signal });
    if (r.ok) {
      const res = r.result as { cancelled?: boolean };
      check(res.cancelled !== true, `requests.cancel ${JSON.stringify(params)} by B cancelled A's request`);
    }
  }
  // It runs out on its own (not satisfied, or not_ready at its deadline): never cancelled.
  const answer = await waiting;
  check(answer.ok || answer.error.details.code !== 'cancelled', "A's page.wait was cancelled by B");
}

/** B reads and cancels A's job by its id under B's session: refused. */
async function jobOfA(ctx: ScenarioContext, a: OpenPage, bSession: string): Promise<void> {
  const submitted = await ctx.client.call('jobs.submit', { session_id: a.session_id, steps: [{ method: 'page.snapshot', params: { page_id: a.page_id } }] }, { signal: ctx.signal });
  if (!submitted.ok) {
    ctx.note(`jobs.submit: ${submitted.error.code}; job isolation not checked`);
    return;
  }
  const jobId = (submitted.result as { job_id: string }).job_id;
  for (const method of ['jobs.get', 'jobs.cancel']) {
    const r = await ctx.client.call(method, { session_id: bSession, job_id: jobId }, { signal: ctx.signal });
    check(!r.ok, `${method} by B on A's job ${jobId} answered ok`);
    check(!JSON.stringify(r).includes(a.session_id), `${method}: the refusal names session A's id`);
  }
  const listed = await ctx.client.call('jobs.list', { session_id: bSession }, { signal: ctx.signal });
  check(listed.ok && !JSON.stringify(listed.result).includes(jobId), `jobs.list of B shows A's job ${jobId}`);
}

/** Flags the draft's passthrough and the other cross-session methods need; a server without flags refuses them all. */
const MUST_BE_GATED = ['bidi.send', 'cdp.send', 'webdriver.send', 'firefox.install_extension'];

/**
 * (s5) Started without flags, the provider refuses every gated method with permission_denied / gated
 * and the flag, and describe says so before the call: gated methods are listed as disabled, and
 * page.eval / js_eval are not advertised as callable.
 */
export const gatedMethodsScenario: Scenario = {
  id: 's05-gated-methods',
  tier: 'security',
  method: 'provider.describe',
  title: 'without flags, passthrough, eval and extensions are refused as gated, and describe lists them as disabled',
  needsBrowser: true,
  async run(ctx) {
    const page = await ctx.openFixture('gates', FIXTURE.home.path);
    const caps = ((await ctx.ok('provider.describe', {})) as ProviderDescription).capabilities;
    const gated = caps.gated_methods ?? [];
    check(!caps.optional_methods.includes('page.eval'), 'optional_methods advertises page.eval on a server started without --allow-eval');
    check(!caps.features.includes('js_eval'), 'features advertises js_eval on a server started without --allow-eval');
    for (const m of caps.custom_methods.filter((x) => MUST_BE_GATED.includes(x.name))) {
      check(m.gated === true && m.enabled === false && typeof m.gate_flag === 'string', `describe lists ${m.name} without gated: true, enabled: false and its gate_flag`);
    }
    const calls: Array<[string, Record<string, unknown>]> = [
      ['page.eval', { expression: 'document.cookie' }],
      ['bidi.send', { method: 'browsingContext.getTree', params: {} }],
      ['cdp.send', { method: 'Browser.getVersion', params: {}, target: 'browser' }],
      ['webdriver.send', { method: 'GET', path: '/url' }],
      ['firefox.install_extension', { archive_base64: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==' }],
    ];
    const names = new Set([...caps.custom_methods.map((m) => m.name), ...gated.map((g) => g.name)]);
    let refused = 0;
    for (const [method, params] of calls.filter(([m]) => names.has(m))) {
      const r = await ctx.client.call(method, { ...params, ...page }, { signal: ctx.signal });
      check(!r.ok, `${method} answered ok on a server started without its flag`);
      const details = expectError(r, method, { code: 'permission_denied', detail: 'gated' });
      const listed = gated.find((g) => g.name === method) ?? caps.custom_methods.find((m) => m.name === method);
      check(typeof details.gate_flag === 'string' && details.gate_flag === listed?.gate_flag, `${method}: details.gate_flag ${JSON.stringify(details.gate_flag)} is not the gate_flag describe lists`);
      refused++;
    }
    ctx.note(`${refused} gated method(s) refused: ${[...names].filter((n) => calls.some(([m]) => m === n)).join(', ')}`);
  },
};
