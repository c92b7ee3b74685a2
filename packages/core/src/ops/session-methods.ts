import { z } from 'zod';
import { defineCustomMethod, type CustomMethod, type CustomMethodContext } from '../custom-method';
import { ProviderError } from '../errors';
import { EVENT_NAMES, eventsOf, subscribe } from './events';

/**
 * Namespaced methods every engine offers through core (backends list them in `customMethods()`), with
 * schemas for `provider.describe`: `events.subscribe` and `dialog.handle`.
 */

const Scoped = {
  session_id: z.string().min(1).max(256),
  timeout_ms: z.number().int().positive().max(600_000).optional(),
};

function backendSession(ctx: CustomMethodContext) {
  if (ctx.session === undefined) throw new ProviderError('session_not_found', 'This method needs a session_id.', { detail: 'no_session' });
  return ctx.session;
}

export const eventsSubscribe = defineCustomMethod({
  name: 'events.subscribe',
  description: `Choose which optional events this session's activity writes to the stream between responses, as {protocol_version, event, payload} lines: ${EVENT_NAMES.join(', ')}. Replaces the previous choice; an empty list unsubscribes. Answers which of them this engine can report.`,
  stability: 'experimental',
  sessionScoped: true,
  params: z.object({ ...Scoped, events: z.array(z.enum(EVENT_NAMES)).max(EVENT_NAMES.length) }),
  result: z.object({ subscribed: z.array(z.string()), unsupported: z.array(z.string()) }),
  async handle(p, ctx) {
    const session = backendSession(ctx);
    const can = new Set(eventsOf(session.eventTypes));
    const wanted = [...new Set(p.events)];
    subscribe(session, wanted.filter((e) => can.has(e)));
    return { subscribed: wanted.filter((e) => can.has(e)), unsupported: wanted.filter((e) => !can.has(e)) };
  },
});

export const dialogHandle = defineCustomMethod({
  name: 'dialog.handle',
  description:
    'Say how the next JavaScript dialog (alert/confirm/prompt/beforeunload) of a page (page_id) or of any page of the session is answered: accept or dismiss, with prompt_text for a prompt. With persist, it becomes the session policy for every later dialog. Dialogs never wait for this: by default alerts are accepted and confirm/prompt dismissed, and each dialog is reported as a warning (and a page.dialog event).',
  stability: 'experimental',
  sessionScoped: true,
  params: z.object({
    ...Scoped,
    page_id: z.string().min(1).max(256).optional(),
    accept: z.boolean(),
    prompt_text: z.string().max(100_000).optional(),
    persist: z.boolean().optional(),
  }),
  result: z.object({ armed: z.boolean(), scope: z.enum(['page', 'session_next', 'session_policy']) }),
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
