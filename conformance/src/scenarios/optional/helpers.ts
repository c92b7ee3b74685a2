import type { ScenarioContext } from '../context';
import { check, ScenarioFailure } from '../context';
import { OPTIONAL_FIXTURE } from './pages';

/**
 * Fails the scenario when the provider does not offer `method`, after checking that it says so
 * honestly: absent from describe, and answered with `unsupported_method`. A method describe lists in
 * `gated_methods` is offered behind a server flag: the scenario goes on and checks the refusal itself.
 */
export async function requireOffered(ctx: ScenarioContext, method: string, session_id: string): Promise<void> {
  const desc = await ctx.ok('provider.describe', {});
  const caps = desc.capabilities;
  const gated = caps.gated_methods?.some((m) => m.name === method) ?? false;
  const offered = gated || caps.optional_methods.includes(method) || caps.custom_methods.some((m) => m.name === method);
  if (offered) return;
  const r = await ctx.client.call(method, { session_id }, { signal: ctx.signal });
  check(!r.ok && r.error.code === 'unsupported_method', `${method} is absent from describe but did not answer unsupported_method`);
  throw new ScenarioFailure(`${method} is not offered by this provider (absent from describe; answers unsupported_method)`);
}

/** A session with the optional fixture page open, after checking `method` is offered. */
export async function openOptional(ctx: ScenarioContext, name: string, method: string) {
  const page = await ctx.openFixture(name, OPTIONAL_FIXTURE.main.path);
  await requireOffered(ctx, method, page.session_id);
  return page;
}

/** Calls a namespaced method; `ok:false` fails the scenario. */
export async function custom(ctx: ScenarioContext, method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await ctx.client.call(method, params, { signal: ctx.signal });
  if (!r.ok) throw new ScenarioFailure(`${method} answered ${r.error.code}: ${r.error.message}`);
  return r.result as Record<string, unknown>;
}
