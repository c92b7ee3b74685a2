import type { MethodName, OwnMethodName, OwnParamsOf, OwnResultOf, RequestId } from '@browser-provider/protocol';
import { METHODS, OWN_METHODS, isMethodName } from '@browser-provider/protocol';
import { ERRORS, raise } from '../catalog';
import { ProviderError } from '../catalog/errors';
import { gateEnabled } from './gates';
import type { CallContext, Handler, SessionContext } from './call-context';
import { Job, type JobStep } from '../state/jobs';
import { addRoute, listRoutes, removeRoutes, setOffline } from '../ops/routes';
import { handleDialog, subscribeEvents } from '../ops/session-methods';
import { parseParams } from './validate';

/** What the dispatcher lends to its own namespaced methods. */
export interface DispatchApi {
  /** Cancels an in-flight request; says whether it was queued or already running. */
  cancel(id: RequestId, sessionId: string | undefined): { cancelled: boolean; state: 'queued' | 'running' | 'not_found' };
  /** Runs one normalized method for a job, through the session's queue, past the job_active gate. */
  runStep(session: SessionContext['session'], step: JobStep): Promise<unknown>;
}

/** How one of our methods runs; its schemas and traits are `OWN_METHODS[name]`. */
type OwnRun<M extends OwnMethodName> = (ctx: CallContext & { session?: SessionContext['session'] }, p: OwnParamsOf<M>, api: DispatchApi) => Promise<OwnResultOf<M>>;

const sessionOf = (ctx: { session?: SessionContext['session'] }) => {
  if (ctx.session === undefined) throw new Error('session-scoped method ran without a session');
  return ctx.session;
};

/** Every one of our methods must have its run here (the compiler checks). */
const OWN_RUNS: { [M in OwnMethodName]: OwnRun<M> } = {
  'requests.cancel': async (_ctx, p, api) => ({ request_id: p.request_id, ...api.cancel(p.request_id, p.session_id) }),
  'jobs.submit': async (ctx, p, api) => {
    const session = sessionOf(ctx);
    if (session.jobs.active?.state === 'running') {
      throw raise(ERRORS.job_active, 'A job is already running in this session.', { session_id: session.id, job_id: session.jobs.active.id }, { details: { job_id: session.jobs.active.id } });
    }
    // Validate every step before anything runs.
    const plan: JobStep[] = p.steps.map((step, i) => {
      if (!isMethodName(step.method) || !METHODS[step.method].traits.inJob) {
        throw raise(ERRORS.invalid_params, `steps.${i}.method: ${JSON.stringify(step.method)} cannot run in a job (page.* and tab.* methods only).`, undefined, { details: { field: `steps.${i}.method` } });
      }
      const given = step.params ?? {};
      if (given.session_id !== undefined && given.session_id !== session.id) {
        throw raise(ERRORS.invalid_params, `steps.${i}.params.session_id: a job runs in its own session only.`, undefined, { details: { field: `steps.${i}.params.session_id` } });
      }
      const params = { ...given, session_id: session.id };
      try {
        parseParams(METHODS[step.method].params, params, step.method);
      } catch (e) {
        if (e instanceof ProviderError) {
          const field = `steps.${i}.params${e.details.field ? `.${String(e.details.field)}` : ''}`;
          throw raise(ERRORS.invalid_params, `steps.${i}: ${e.message}`, undefined, { details: { field } });
        }
        throw e;
      }
      return { method: step.method, params };
    });
    const job = new Job(session.id, plan, p.stop_on_error ?? true);
    session.jobs.add(job);
    void job.run((step) => api.runStep(session, step)).finally(() => {
      if (session.jobs.active === job) session.jobs.active = undefined;
    });
    return job.view();
  },
  'jobs.get': async (ctx, p) => ctx.provider.session(p.session_id).jobs.get(p.session_id, p.job_id).view(),
  'jobs.cancel': async (ctx, p) => {
    const job = ctx.provider.session(p.session_id).jobs.get(p.session_id, p.job_id);
    if (job.state === 'running') job.cancelRequested = true;
    return job.view();
  },
  'jobs.list': async (ctx, p) => ({ jobs: ctx.provider.session(p.session_id).jobs.list().map((j) => j.view()) }),
  'events.subscribe': async (ctx, p) => subscribeEvents({ ...ctx, session: sessionOf(ctx) }, p),
  'dialog.handle': async (ctx, p) => handleDialog({ ...ctx, session: sessionOf(ctx) }, p),
  'route.add': async (ctx, p) => {
    const session = sessionOf(ctx);
    return addRoute(session, p, ctx.signal, { evalAllowed: gateEnabled(ctx.provider, 'allow-eval'), engine: ctx.provider.engineOf(session) });
  },
  'route.list': async (ctx) => listRoutes(sessionOf(ctx)),
  'route.remove': async (ctx, p) => removeRoutes(sessionOf(ctx), p, ctx.signal),
  'network.set_offline': async (ctx, p) => setOffline(sessionOf(ctx), p, ctx.signal),
};

/** The handler the dispatcher runs for `name`, in the scope its traits give. */
export function ownHandler<M extends OwnMethodName>(name: M, api: DispatchApi): Handler<MethodName> {
  const run = OWN_RUNS[name] as OwnRun<OwnMethodName>;
  return OWN_METHODS[name].traits.scope === 'provider'
    ? { scope: 'provider', run: async (ctx, p) => run(ctx, p as never, api) as never }
    : { scope: 'session', run: async (ctx, p) => run(ctx, p as never, api) as never };
}
