import { defineCustomMethod } from '@browser-provider/core/backend';
import { ERRORS, raise } from '@browser-provider/core/toolkit';
import { bidiSessionOf, contextOf, type BidiBrowser, type BidiSession } from '@browser-provider/bidi';
import type { CustomMethodContext } from '@browser-provider/core/backend';
import { z } from 'zod';

/** chromedriver's vendor commands, which the spec's command map does not hold (chromium-bidi's CDP extension). */
declare module '@browser-provider/bidi' {
  interface BidiCommands {
    'goog:cdp.getSession': { params: { context: string }; returnType: { session?: string } };
    'goog:cdp.sendCommand': { params: { method: string; params: object; session?: string }; returnType: { result: unknown; session?: string } };
  }
}

/**
 * CDP through chromedriver's BiDi extension commands (`goog:cdp.getSession`, `goog:cdp.sendCommand`,
 * chromedriver 156 / chromium-bidi). A page-scoped call runs in the page's CDP session.
 */
async function cdp(s: BidiSession, ctx: CustomMethodContext, method: string, params: object, page: boolean): Promise<unknown> {
  const context = page ? contextOf(ctx) : undefined;
  // Without a page of the caller's, a page command must not fall through to the browser-level target.
  if (page && context === undefined) {
    throw raise(ERRORS.no_page, 'This method needs a page of this session; open one with page.open.', {});
  }
  return cdpCommand(s.browser, context, method, params, ctx.signal);
}

/** One CDP command in the CDP session of BiDi context `context` (or at browser level without one). */
export async function cdpCommand(browser: BidiBrowser, context: string | undefined, method: string, params: object, signal: AbortSignal): Promise<unknown> {
  const conn = browser.conn;
  const session = context ? (await conn.send('goog:cdp.getSession', { context }, signal)).session : undefined;
  const r = await conn.send('goog:cdp.sendCommand', { method, params, ...(session ? { session } : {}) }, signal);
  return r.result;
}

const Scoped = { session_id: z.string().min(1), page_id: z.string().min(1).optional(), timeout_ms: z.number().int().positive().optional() };

export const cdpSend = defineCustomMethod({
  name: 'cdp.send',
  description: 'Send a raw Chrome DevTools Protocol command (in the page\'s CDP session when page_id is given or implied, else to the browser) and return its result. Debugging only: bypasses isolation.',
  stability: 'experimental',
  params: z.object({
    ...Scoped,
    method: z.string().min(1).describe('CDP method, e.g. `Runtime.evaluate`.'),
    params: z.record(z.string(), z.unknown()).default({}),
    target: z.enum(['page', 'browser']).default('page').describe('Run in the page\'s CDP session or at browser level.'),
  }),
  result: z.object({ result: z.unknown() }),
  sessionScoped: true,
  mutating: true,
  gate: 'allow-debug',
  async handle(p, ctx) {
    return { result: await cdp(bidiSessionOf(ctx), ctx, p.method, p.params, p.target === 'page') };
  },
});

const MetricsResult = z.object({
  metrics: z.record(z.string(), z.number()).describe('CDP Performance.getMetrics by name: JSHeapUsedSize, Nodes, LayoutCount, TaskDuration, …'),
});

export const performanceMetrics = defineCustomMethod({
  name: 'chrome.performance_metrics',
  description: 'Runtime metrics of the page from Chrome (JS heap, DOM node and listener counts, layout/style recalculation counts and durations, task time).',
  stability: 'experimental',
  params: z.object(Scoped),
  result: MetricsResult,
  sessionScoped: true,
  async handle(_p, ctx) {
    const s = bidiSessionOf(ctx);
    await cdp(s, ctx, 'Performance.enable', {}, true);
    const r = (await cdp(s, ctx, 'Performance.getMetrics', {}, true)) as { metrics?: Array<{ name: string; value: number }> };
    return { metrics: Object.fromEntries((r.metrics ?? []).map((m) => [m.name, m.value])) };
  },
});
