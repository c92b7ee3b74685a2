import { OWN_METHODS } from '@browser-provider/protocol';
import { defineCustomMethod, type CustomMethod, type CustomMethodContext } from '../custom-method';
import { ProviderError } from '../errors';
import { eventsOf, subscribe } from './events';

/**
 * How `events.subscribe` and `dialog.handle` run; their schemas, description and traits are
 * `OWN_METHODS[name]` in protocol. Backends that report events and dialogs list them in `customMethods()`.
 */

const subscribeSpec = OWN_METHODS['events.subscribe'];
const dialogSpec = OWN_METHODS['dialog.handle'];
const fromTable = (name: 'events.subscribe' | 'dialog.handle') => {
  const { description, stability, traits } = OWN_METHODS[name];
  return { name, description, stability, sessionScoped: traits.needsSession };
};

function backendSession(ctx: CustomMethodContext) {
  if (ctx.session === undefined) throw new ProviderError('session_not_found', 'This method needs a session_id.', { detail: 'no_session' });
  return ctx.session;
}

export const eventsSubscribe = defineCustomMethod({
  ...fromTable('events.subscribe'),
  params: subscribeSpec.params,
  result: subscribeSpec.result,
  async handle(p, ctx) {
    const session = backendSession(ctx);
    const can = new Set(eventsOf(session.eventTypes));
    const wanted = [...new Set(p.events)];
    subscribe(session, wanted.filter((e) => can.has(e)));
    return { subscribed: wanted.filter((e) => can.has(e)), unsupported: wanted.filter((e) => !can.has(e)) };
  },
});

export const dialogHandle = defineCustomMethod({
  ...fromTable('dialog.handle'),
  params: dialogSpec.params,
  result: dialogSpec.result,
  async handle(p, ctx) {
    const policy = backendSession(ctx).dialogPolicy;
    if (policy === undefined) throw new ProviderError('unsupported_method', 'This engine does not answer dialogs.', { detail: 'unknown_method' });
    const pageTarget = p.page_id !== undefined ? ctx.page?.targetId : undefined;
    const answer = { accept: p.accept, ...(p.prompt_text !== undefined ? { promptText: p.prompt_text } : {}) };
    policy.set(answer, { pageTarget, persist: p.persist });
    const scope = p.persist ? ('session_policy' as const) : pageTarget !== undefined ? ('page' as const) : ('session_next' as const);
    return { armed: true, scope };
  },
});

/** The custom methods core adds on every engine that supports sessions' events and dialogs. */
export function sessionCustomMethods(): CustomMethod[] {
  return [eventsSubscribe as unknown as CustomMethod, dialogHandle as unknown as CustomMethod];
}
