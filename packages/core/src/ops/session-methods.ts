import type { OwnParamsOf, OwnResultOf } from '@browser-provider/protocol';
import { ERRORS, raise } from '../catalog';
import type { SessionContext } from '../dispatch/call-context';
import { eventsOf, subscribe } from './events';

/**
 * How `events.subscribe` and `dialog.handle` run on every engine; their schemas, description and
 * traits are `OWN_METHODS[name]` in protocol, and core-methods.ts lists them with the rest of ours.
 */

export async function subscribeEvents(ctx: SessionContext, p: OwnParamsOf<'events.subscribe'>): Promise<OwnResultOf<'events.subscribe'>> {
  const session = ctx.session.backend;
  const can = new Set(eventsOf(session.eventTypes));
  const wanted = [...new Set(p.events)];
  subscribe(session, wanted.filter((e) => can.has(e)));
  return { subscribed: wanted.filter((e) => can.has(e)), unsupported: wanted.filter((e) => !can.has(e)) };
}

export async function handleDialog(ctx: SessionContext, p: OwnParamsOf<'dialog.handle'>): Promise<OwnResultOf<'dialog.handle'>> {
  const policy = ctx.session.backend.dialogPolicy;
  if (policy === undefined) throw raise(ERRORS.unknown_method, 'This engine does not answer dialogs.', undefined);
  const pageTarget = p.page_id !== undefined ? ctx.provider.page(ctx.session, p.page_id).backend.targetId : undefined;
  const answer = { accept: p.accept, ...(p.prompt_text !== undefined ? { promptText: p.prompt_text } : {}) };
  policy.set(answer, { pageTarget, persist: p.persist });
  const scope = p.persist ? ('session_policy' as const) : pageTarget !== undefined ? ('page' as const) : ('session_next' as const);
  return { armed: true, scope };
}
