import { randomUUID } from 'node:crypto';
import type { ErrorObject, MethodName } from '@browser-provider/protocol';
import { METHODS, type JobState, type JobView } from '@browser-provider/protocol';
import type { z } from 'zod';
import { ERRORS, raise } from '../catalog';
import { toProviderError } from '../catalog/errors';

export { JobView, MAX_JOB_STEPS } from '@browser-provider/protocol';

/** Finished jobs a session keeps for jobs.get / jobs.list. */
const KEEP_FINISHED = 50;

export interface JobStep {
  method: MethodName;
  params: Record<string, unknown>;
}

/**
 * A list of steps a session submitted to run in the background. Steps run one by one through the
 * session's queue. Cancelling stops before the next step and never undoes one; a step whose result
 * cannot be known (deadline passed mid-action, browser gone) is `outcome_unknown` and never replayed.
 * Closing the session ends its job: the running step is aborted and the rest are skipped (`cancelled`).
 */
export class Job {
  readonly id = `job_${randomUUID()}`;
  readonly createdAt = Date.now();
  finishedAt: number | undefined;
  state: z.infer<typeof JobState> = 'running';
  cancelRequested = false;
  readonly steps: JobView['steps'];

  constructor(
    readonly sessionId: string,
    readonly plan: JobStep[],
    readonly stopOnError: boolean,
  ) {
    this.steps = plan.map((s, index) => ({ index, method: s.method, state: 'pending' as const }));
  }

  /** Runs the plan with `runStep`; resolves when the job has finished, failed or been cancelled. */
  async run(runStep: (step: JobStep) => Promise<unknown>): Promise<void> {
    let failed = false;
    for (const [i, step] of this.plan.entries()) {
      const record = this.steps[i];
      if (record === undefined) break;
      if (this.cancelRequested || (failed && this.stopOnError)) {
        record.state = 'skipped';
        continue;
      }
      record.state = 'running';
      try {
        record.result = await runStep(step);
        record.state = 'ok';
      } catch (e) {
        const err = toProviderError(e);
        // Cut off mid-action (its deadline passed, its session closed under it, the browser went): it may have acted.
        const unknown = err.details.code === 'outcome_unknown' || err.details.outcome === 'unknown' || (err.code === 'browser_not_running' && METHODS[step.method].traits.mutating);
        record.state = unknown ? 'outcome_unknown' : 'error';
        record.error = err.toEnvelope(null).error satisfies ErrorObject;
        failed = true;
      }
    }
    this.state = this.cancelRequested ? 'cancelled' : failed ? 'failed' : 'succeeded';
    this.finishedAt = Date.now();
  }

  view(): JobView {
    return {
      job_id: this.id,
      state: this.state,
      stop_on_error: this.stopOnError,
      created_at: this.createdAt,
      ...(this.finishedAt === undefined ? {} : { finished_at: this.finishedAt }),
      steps: this.steps,
    };
  }
}

/** A session's jobs: at most one running; finished ones kept for a while. */
export class JobBook {
  readonly #jobs = new Map<string, Job>();
  active: Job | undefined;

  add(job: Job): void {
    this.#jobs.set(job.id, job);
    this.active = job;
    const finished = [...this.#jobs.values()].filter((j) => j.state !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.#jobs.delete(old.id);
  }

  get(sessionId: string, jobId: string): Job {
    const job = this.#jobs.get(jobId);
    // Another session's job is answered exactly like one that never existed.
    if (job === undefined || job.sessionId !== sessionId) {
      throw raise(ERRORS.unknown_job, `job_id: no job ${JSON.stringify(jobId)} in this session.`, { session_id: sessionId }, { details: { field: 'job_id' } });
    }
    return job;
  }

  list(): Job[] {
    return [...this.#jobs.values()];
  }
}
