import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { gateEnabled, gatedError } from '../dispatch/gates';
import { ERRORS, raise } from '../catalog';
import type { PageHandle } from '../state/page';
import type { Provider } from '../provider';
import { evalFunction } from './eval-source';

interface EvalReply {
  value: unknown;
  type: string;
  truncated: boolean;
  threw: boolean;
}

/**
 * `page.eval`: refused unless the server runs with --allow-eval (it can read and change anything the
 * page can). The value comes back serialized by the page (see eval-source.ts); an exception the
 * expression throws is the client's, so it is `invalid_request` / `eval_exception` with the error.
 */
export async function evaluate(provider: Provider, page: PageHandle, p: ParamsOf<'page.eval'>, signal: AbortSignal): Promise<ResultOf<'page.eval'>> {
  if (!gateEnabled(provider, 'allow-eval')) {
    throw gatedError('page.eval', 'allow-eval', 'snapshot');
  }
  if (page.backend.evaluate === undefined) throw raise(ERRORS.unknown_method, 'This engine cannot evaluate scripts.', undefined);
  const raw = await page.backend.evaluate(evalFunction(p.expression, p.await_promise ?? true), signal);
  const reply = parseReply(raw);
  if (reply.threw) {
    const err = reply.value as { name?: unknown; message?: unknown } | null;
    const text = err && typeof err === 'object' ? `${String(err.name ?? 'Error')}: ${String(err.message ?? '')}` : String(reply.value);
    throw raise(ERRORS.eval_exception, `The expression threw ${text}`, undefined, { details: { exception: reply.value } });
  }
  return { value: reply.value, type: reply.type, ...(reply.truncated ? { truncated: true } : {}) };
}

export function parseReply(raw: unknown): EvalReply {
  if (typeof raw !== 'string') throw raise(ERRORS.page_script_error, `page.eval: the page answered a ${typeof raw}, expected a string`, undefined);
  const r = JSON.parse(raw) as Partial<EvalReply>;
  return { value: r.value ?? null, type: typeof r.type === 'string' ? r.type : 'undefined', truncated: r.truncated === true, threw: r.threw === true };
}
