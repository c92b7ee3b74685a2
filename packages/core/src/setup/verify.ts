import type { BrowserVerification, Diagnostic, ParamsOf, ResultOf, VerifyStepName } from '@browser-provider/protocol';
import type { Backend } from '../backend';
import { DeadlineExceeded, deadline, raceSignal } from '../toolkit/deadline';
import { ProviderError } from '../catalog/errors';
import { cut } from '../state/limits';
import { open } from '../ops/navigate';
import { snapshotPage } from '../ops/snapshot';
import type { Provider } from '../provider';
import type { Session } from '../state/session';
import { enginesAsked } from './guide';

/**
 * `provider.verify`: the real path a client takes, through the provider's own session and page code, so
 * a pass means `session.ensure`, `page.open` and `page.snapshot` work here now. The page is a data: URL
 * (nothing on the network) with one button the snapshot must name; finding it proves the page script ran.
 */

const PAGE = 'data:text/html,<!doctype html><title>provider.verify</title><button>Verify me</button>';
const BUTTON = 'Verify me';
/** How long the session's launch may go on after a cut-short answer (session.ensure's own upper bound). */
const LAUNCH_LIMIT_MS = 120_000;

/** Kept back from the request's deadline, so the answer (with its diagnostics) beats the dispatcher's timeout. */
const reserveMs = (timeoutMs: number) => Math.min(2_000, Math.ceil(timeoutMs / 2));

/** The check's own deadline; one already spent is aborted at once, so the answer still comes before the request's. */
function budgetOf(ms: number, parent: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  if (ms > 0) return deadline(ms, parent);
  const spent = new AbortController();
  spent.abort(new DeadlineExceeded(0));
  return { signal: spent.signal, dispose: () => undefined };
}

export async function verify(provider: Provider, p: ParamsOf<'provider.verify'>, deadlineAt: number, signal: AbortSignal): Promise<ResultOf<'provider.verify'>> {
  const engines = enginesAsked(provider, p.browser);
  const left = deadlineAt - Date.now();
  const { signal: budget, dispose } = budgetOf(left - reserveMs(left), signal);
  try {
    const verified: BrowserVerification[] = [];
    // One after another: two cold launches at once only make both slower on a small machine.
    for (const engine of engines) verified.push(await verifyEngine(provider, engine, budget));
    const label = provider.engines.multi;
    return {
      ok: verified.every((v) => v.ok),
      diagnostics: verified.flatMap((v) => v.diagnostics.map((d) => (label ? { ...d, message: `${v.browser_family}: ${d.message}` } : d))),
      verified,
    };
  } finally {
    dispose();
  }
}

async function verifyEngine(provider: Provider, engine: Backend, budget: AbortSignal): Promise<BrowserVerification> {
  const family = engine.info.family;
  const started = Date.now();
  const wasRunning = engine.running();
  const steps: BrowserVerification['steps'] = [];
  const step = async <T>(name: VerifyStepName, work: Promise<T>): Promise<T> => {
    const t = Date.now();
    try {
      const v = await raceSignal(work, budget);
      steps.push({ step: name, ok: true, duration_ms: Date.now() - t });
      return v;
    } catch (e) {
      steps.push({ step: name, ok: false, duration_ms: Date.now() - t });
      throw e;
    }
  };
  // Not cut by the budget: an engine may share one launch among callers (classic WebDriver's shared
  // driver), and a short verify must not fail the launch another session waits on. The answer still
  // comes at the budget; a session that starts later is closed when it does.
  const creating = provider
    .ensureSession({ browser_preference: family, isolation: 'per_jcode_session', attach: 'never' }, AbortSignal.timeout(LAUNCH_LIMIT_MS))
    .then((r) => r.session);
  let version: string | undefined;
  try {
    const session = await step('session', creating);
    await step('open', open(provider, session, { session_id: session.id, url: PAGE }, [], budget));
    const snap = await step('snapshot', snapshotPage(session, provider.page(session, undefined), { session_id: session.id, mode: 'interactive' }, [], budget));
    if (!snap.elements.some((e) => e.role === 'button' && e.name === BUTTON)) {
      throw new Error(`the snapshot of the test page did not list its button "${BUTTON}" (it listed ${snap.elements.length} elements)`);
    }
    version = (await engine.status().catch(() => undefined))?.browser_version;
    await step('close', provider.closeSession(session, 'provider.verify is done'));
  } catch (e) {
    void creating.then((s) => closeQuietly(provider, s), () => undefined);
    return {
      browser_family: family,
      ok: false,
      browser_was_running: wasRunning,
      duration_ms: Date.now() - started,
      steps,
      diagnostics: [failure(engine, steps.at(-1)?.step ?? 'session', e, budget)],
    };
  }
  const ms = Date.now() - started;
  return {
    browser_family: family,
    ok: true,
    browser_was_running: wasRunning,
    ...(version !== undefined ? { browser_version: version } : {}),
    duration_ms: ms,
    steps,
    diagnostics: [
      {
        level: 'info',
        code: 'verified',
        message: `${engine.info.browserLabel}${version ? ` ${version}` : ''}: ${wasRunning ? 'a new session of the running browser' : 'launched'}, opened a page, found its button in the snapshot and closed, in ${ms} ms.`,
      },
    ],
  };
}

function closeQuietly(provider: Provider, session: Session): Promise<void> {
  return provider.closeSession(session, 'provider.verify ran out of time').catch(() => undefined);
}

const STEP_WHAT: Record<VerifyStepName, string> = {
  session: 'opening a session (launching the browser if none ran)',
  open: 'loading a page',
  snapshot: 'taking a snapshot',
  close: 'closing the session',
};

/** The failed step as a diagnostic: the error's own code and steps, else what to try. */
function failure(engine: Backend, at: VerifyStepName, e: unknown, budget: AbortSignal): Diagnostic {
  const what = STEP_WHAT[at];
  if (budget.aborted) {
    return {
      level: 'error',
      code: 'verify_timeout',
      message: `${engine.info.browserLabel} did not finish ${what} within the verify deadline; a launch it started goes on in the background and its session is closed when it opens.`,
      manual_steps: ['Call provider.verify again with a larger timeout_ms (a cold launch on a busy machine can take a minute).', CHECK],
    };
  }
  if (!(e instanceof ProviderError)) {
    // Our own check (the button) or an unclassified fault: its message is all we know.
    return { level: 'error', code: 'verify_failed', message: `${engine.info.browserLabel} failed ${what}: ${cut(String(e instanceof Error ? e.message : e), 500)}`, manual_steps: [CHECK] };
  }
  const steps = e.details.manual_steps;
  return {
    level: 'error',
    code: typeof e.details.code === 'string' ? e.details.code : e.code,
    message: `${engine.info.browserLabel} failed ${what}: ${e.message}`,
    manual_steps: Array.isArray(steps) && steps.length > 0 ? steps.map(String) : [e.details.repair?.hint ?? CHECK],
  };
}

const CHECK = 'Check provider.status and provider.setup_guide for what this host is missing.';
