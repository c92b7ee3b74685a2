import { z } from 'zod';
import { ClassicPage, ClassicSession } from '@browser-provider/classic';
import { defineCustomMethod } from '@browser-provider/core/backend';
import { ERRORS, raise } from '@browser-provider/core/toolkit';
import type { BackendPage, CustomMethod } from '@browser-provider/core/backend';

const Scoped = {
  session_id: z.string().min(1).max(256),
  page_id: z.string().min(1).max(256).optional(),
  timeout_ms: z.number().int().positive().max(600_000).optional(),
};

/** One W3C input source with its actions (§17.5); the driver validates the actions themselves. */
const ActionSequence = z.object({
  type: z.enum(['none', 'key', 'pointer', 'wheel']),
  id: z.string().min(1).max(64),
  parameters: z.record(z.string(), z.unknown()).optional(),
  actions: z.array(z.record(z.string(), z.unknown())).max(10_000),
});

function classicPage(page: BackendPage | undefined): ClassicPage {
  if (page instanceof ClassicPage) return page;
  throw raise(ERRORS.no_page, 'This method needs a page of this session; open one with page.open.', {});
}

export const performActions = defineCustomMethod({
  name: 'webdriver.perform_actions',
  description:
    'Raw W3C WebDriver action sequences (Perform Actions, then Release Actions) in the top document of the page: pointer, key and wheel input with exact timing. Coordinates are CSS pixels; origin "viewport" or "pointer".',
  stability: 'experimental',
  sessionScoped: true,
  mutating: true,
  params: z.object({ ...Scoped, actions: z.array(ActionSequence).min(1).max(16) }),
  result: z.object({ performed: z.boolean() }),
  async handle(params, ctx) {
    await classicPage(ctx.page).performActions(params.actions, ctx.signal);
    return { performed: true };
  },
});

/** Paths that would end or escape the session the provider manages. */
const FORBIDDEN = /(^|\/)\.\.(\/|$)/;

export const send = defineCustomMethod({
  name: 'webdriver.send',
  description:
    'Send one raw classic WebDriver command to this session: {method, path relative to /session/{id}, body}. The page named by page_id (or the current page) is the current window first. Debug only: bypasses refs and actionability.',
  stability: 'experimental',
  sessionScoped: true,
  mutating: true,
  gate: 'allow-debug',
  params: z.object({
    ...Scoped,
    method: z.enum(['GET', 'POST', 'DELETE']),
    path: z
      .string()
      .max(1_000)
      .regex(/^\/[A-Za-z0-9_\-./]+$/, 'path must start with "/" and name a command, e.g. "/url" or "/window/rect"')
      .refine((p) => !FORBIDDEN.test(p), 'path must not contain ".."'),
    body: z.record(z.string(), z.unknown()).optional(),
  }).refine((p) => !(p.method === 'DELETE' && p.path.replace(/\/+$/, '') === ''), {
    message: 'DELETE on the session itself is refused: use session.close',
    path: ['path'],
  }),
  result: z.object({ value: z.unknown() }),
  async handle(params, ctx) {
    if (ctx.page instanceof ClassicPage) {
      return { value: await ctx.page.raw(params.method, params.path, params.body, ctx.signal) };
    }
    if (ctx.session instanceof ClassicSession) {
      const conn = ctx.session.conn;
      return { value: await conn.run(ctx.signal, () => conn.rawCommand(params.method, params.path, params.body, ctx.signal)) };
    }
    throw raise(ERRORS.no_session, 'webdriver.send needs a session of this provider.', undefined);
  },
});

export function safariCustomMethods(): CustomMethod[] {
  return [performActions as unknown as CustomMethod, send as unknown as CustomMethod];
}
