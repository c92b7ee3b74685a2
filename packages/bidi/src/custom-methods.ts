import { defineCustomMethod, type CustomMethodContext } from '@browser-provider/core/backend';
import { ERRORS, raise } from '@browser-provider/core/toolkit';
import { z } from 'zod';
import type { BidiPage } from './page';
import { BidiSession } from './session';

/** The BiDi session behind a custom method call; custom methods of BiDi engines are session-scoped. */
export function bidiSessionOf(ctx: CustomMethodContext): BidiSession {
  if (!(ctx.session instanceof BidiSession)) {
    throw raise(ERRORS.no_session, 'This method needs a session of this provider.', undefined);
  }
  ctx.session.browser.assertAlive();
  return ctx.session;
}

/** The page's BiDi context id, when the call named a page (or the session has a current page). */
export function contextOf(ctx: CustomMethodContext): string | undefined {
  return (ctx.page as BidiPage | undefined)?.targetId;
}

const SessionScoped = { session_id: z.string().min(1), timeout_ms: z.number().int().positive().optional() };

export const BidiSendParams = z.object({
  ...SessionScoped,
  method: z.string().min(1).describe('A WebDriver BiDi command, e.g. `browsingContext.getTree`.'),
  params: z.record(z.string(), z.unknown()).default({}).describe('The command parameters, sent as-is.'),
});
export const BidiSendResult = z.object({ result: z.unknown() });

/**
 * Raw BiDi passthrough for debugging. Gated: a raw command can do anything the automation session can
 * (including `session.end`), which bypasses sessions, leases and isolation.
 */
export const bidiSend = defineCustomMethod({
  name: 'bidi.send',
  description: 'Send a raw WebDriver BiDi command on the browser connection of this session and return its result (debugging; bypasses isolation).',
  stability: 'experimental',
  params: BidiSendParams,
  result: BidiSendResult,
  sessionScoped: true,
  mutating: true,
  gate: 'allow-debug',
  async handle(p, ctx) {
    const s = bidiSessionOf(ctx);
    return { result: await s.browser.conn.sendRaw(p.method, p.params, ctx.signal) };
  },
});
