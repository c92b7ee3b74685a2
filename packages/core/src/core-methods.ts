import { z } from 'zod';
import { ProviderError } from './errors';
import type { CallContext, SessionContext } from './handlers';
import { Job, JobView, JOB_METHODS, MAX_JOB_STEPS, type JobStep } from './jobs';
import type { Stability } from '@browser-provider/protocol';
import { METHODS, RequestId, isMethodName } from '@browser-provider/protocol';
import { parseParams } from './validate';

/** What the dispatcher lends to its own namespaced methods. */
export interface DispatchApi {
  /** Cancels an in-flight request; says whether it was queued or already running. */
  cancel(id: RequestId, sessionId: string | undefined): { cancelled: boolean; state: 'queued' | 'running' | 'not_found' };
  /** Runs one normalized method for a job, through the session's queue, past the job_active gate. */
  runStep(session: SessionContext['session'], step: JobStep): Promise<unknown>;
}

export interface CoreMethod<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  stability: Stability;
  params: P;
  result: R;
  scope: 'provider' | 'session';
  run(ctx: CallContext & { session?: SessionContext['session'] }, p: z.infer<P>, api: DispatchApi): Promise<z.infer<R>>;
}

const define = <P extends z.ZodType, R extends z.ZodType>(m: CoreMethod<P, R>): CoreMethod => m as unknown as CoreMethod;
const Sid = z.object({ session_id: z.string().min(1).max(256), timeout_ms: z.number().int().positive().max(600_000).optional() });

const sessionOf = (ctx: { session?: SessionContext['session'] }) => {
  if (ctx.session === undefined) throw new Error('session-scoped method ran without a session');
  return ctx.session;
};

export const CORE_METHODS_EXT: CoreMethod[] = [
  define({
    name: 'requests.cancel',
    description:
      'Cancel a request still in flight. A queued request is never sent to the browser and answers with outcome "not_done"; a running one is answered at once, with outcome "unknown" when it may already have acted. Pass the session_id the request was sent with: a request of a session can be cancelled only by that session (one sent without a session, only without one); any other is not_found.',
    stability: 'experimental',
    params: z.object({ request_id: RequestId, session_id: z.string().optional().describe('The session the request was sent with; omit only for a request sent without one.') }),
    result: z.object({ request_id: RequestId, cancelled: z.boolean(), state: z.enum(['queued', 'running', 'not_found']) }),
    scope: 'provider',
    run: async (_ctx, p, api) => ({ request_id: p.request_id, ...api.cancel(p.request_id, p.session_id) }),
  }),
  define({
    name: 'jobs.submit',
    description: `Run up to ${MAX_JOB_STEPS} normalized page/tab steps in the background; returns a job_id at once. While it runs, the session's other mutating calls get not_ready / job_active.`,
    stability: 'experimental',
    params: Sid.extend({
      steps: z
        .array(z.object({ method: z.string(), params: z.record(z.string(), z.unknown()).optional() }))
        .min(1)
        .max(MAX_JOB_STEPS),
      stop_on_error: z.boolean().optional(),
    }),
    result: JobView,
    scope: 'session',
    run: async (ctx, p, api) => {
      const session = sessionOf(ctx);
      if (session.jobs.active?.state === 'running') {
        throw new ProviderError('not_ready', 'A job is already running in this session.', {
          detail: 'job_active',
          retryable: true,
          details: { job_id: session.jobs.active.id },
          repair: { method: 'jobs.get', params: { session_id: session.id, job_id: session.jobs.active.id }, hint: 'Wait for the running job to finish, or cancel it.' },
        });
      }
      // Validate every step before anything runs.
      const plan: JobStep[] = p.steps.map((step, i) => {
        if (!isMethodName(step.method) || !JOB_METHODS.has(step.method)) {
          throw new ProviderError('invalid_request', `steps.${i}.method: ${JSON.stringify(step.method)} cannot run in a job (page.* and tab.* methods only).`, {
            detail: 'invalid_params',
            details: { field: `steps.${i}.method` },
          });
        }
        const given = step.params ?? {};
        if (given.session_id !== undefined && given.session_id !== session.id) {
          throw new ProviderError('invalid_request', `steps.${i}.params.session_id: a job runs in its own session only.`, {
            detail: 'invalid_params',
            details: { field: `steps.${i}.params.session_id` },
          });
        }
        const params = { ...given, session_id: session.id };
        try {
          parseParams(METHODS[step.method].params, params, step.method);
        } catch (e) {
          if (e instanceof ProviderError) {
            const field = `steps.${i}.params${e.details.field ? `.${String(e.details.field)}` : ''}`;
            throw new ProviderError('invalid_request', `steps.${i}: ${e.message}`, { detail: 'invalid_params', details: { field } });
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
  }),
  define({
    name: 'jobs.get',
    description: "A job's state and each step's result or error (the caller's own jobs only).",
    stability: 'experimental',
    params: Sid.extend({ job_id: z.string() }),
    result: JobView,
    scope: 'provider',
    run: async (ctx, p) => ctx.provider.session(p.session_id).jobs.get(p.session_id, p.job_id).view(),
  }),
  define({
    name: 'jobs.cancel',
    description: 'Stop a job before its next step. A step already done is never undone; a running step finishes.',
    stability: 'experimental',
    params: Sid.extend({ job_id: z.string() }),
    result: JobView,
    scope: 'provider',
    run: async (ctx, p) => {
      const job = ctx.provider.session(p.session_id).jobs.get(p.session_id, p.job_id);
      if (job.state === 'running') job.cancelRequested = true;
      return job.view();
    },
  }),
  define({
    name: 'jobs.list',
    description: "The caller's jobs, newest last.",
    stability: 'experimental',
    params: Sid,
    result: z.object({ jobs: z.array(JobView) }),
    scope: 'provider',
    run: async (ctx, p) => ({ jobs: ctx.provider.session(p.session_id).jobs.list().map((j) => j.view()) }),
  }),
];

export const findCoreMethod = (name: string) => CORE_METHODS_EXT.find((m) => m.name === name);
