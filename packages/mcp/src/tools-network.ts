import { z } from 'zod';
import type { OwnResultOf } from '@browser-provider/protocol';
import { CallError } from './link';
import { defineTool, type ToolDef } from './tool';

/**
 * The `network` group (`--caps network`) with Playwright MCP's names and arguments: routes that stub
 * or fail the session's requests (route.add / route.list / route.remove) and offline mode
 * (network.set_offline). As in Playwright MCP, a route with a body or status answers the request, and
 * one without sends it on with `headers` added and `removeHeaders` taken off.
 */

/** `"Name: Value"` lines as a header record; a line without a name is an error naming it. */
function headerRecord(lines: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new CallError({ code: 'invalid_request', message: `headers: ${JSON.stringify(line.slice(0, 100))} is not "Name: Value"`, retryable: false, details: { code: 'invalid_params', field: 'headers' } });
    out[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return out;
}

export const NETWORK_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_route',
    title: 'Mock network requests',
    description: "Answer this session's requests whose URL matches a pattern with a stub response (body, status, contentType, headers), fail them (abort), or send them on with headers changed. Newest route wins.",
    method: 'route.add',
    cap: 'network',
    input: z.object({
      pattern: z.string().min(1).max(4_096).describe('URL glob over the whole URL ("**/api/users", "**/*.{png,jpg}"), or /regex/flags.'),
      status: z.number().int().min(100).max(599).optional().describe('Stub response status (default 200).'),
      body: z.string().max(5_000_000).optional().describe('Stub response body (text or JSON string).'),
      contentType: z.string().max(1_000).optional().describe('Stub response Content-Type.'),
      headers: z.array(z.string().max(10_000)).max(100).optional().describe('"Name: Value" lines: response headers of a stub, else request headers to add.'),
      removeHeaders: z.string().max(10_000).optional().describe('Comma-separated request header names to remove (requests sent on).'),
      abort: z.boolean().optional().describe('Fail matching requests with a network error (ours; not in Playwright MCP).'),
    }),
    async run(ctx, a) {
      const headers = headerRecord(a.headers ?? []);
      const stub = a.body !== undefined || a.status !== undefined || a.contentType !== undefined;
      const params = a.abort
        ? { fail: true }
        : stub
          ? { ...(a.status !== undefined ? { status: a.status } : {}), ...(a.body !== undefined ? { body: a.body } : {}), ...(a.contentType !== undefined ? { content_type: a.contentType } : {}), ...(a.headers ? { headers } : {}) }
          : {
              request_headers: headers,
              ...(a.removeHeaders !== undefined ? { remove_request_headers: a.removeHeaders.split(',').map((h) => h.trim()).filter((h) => h !== '') } : {}),
            };
      const r = (await ctx.link.call<OwnResultOf<'route.add'>>('route.add', { url: a.pattern, ...params })).result;
      return { text: `Route ${r.route_id} added for ${a.pattern} (${r.routes} active).`, structured: r };
    },
  }),
  defineTool({
    name: 'browser_route_list',
    title: 'List network routes',
    description: "This session's routes, newest first, with the requests each answered.",
    method: 'route.list',
    cap: 'network',
    input: z.object({}),
    async run(ctx) {
      const { routes } = (await ctx.link.call<OwnResultOf<'route.list'>>('route.list')).result;
      const lines = routes.map((r, i) => `${i + 1}. ${r.url} → ${r.action}${r.status !== undefined ? ` ${r.status}` : ''}, ${r.hits} hit${r.hits === 1 ? '' : 's'}`);
      return { text: lines.length > 0 ? lines.join('\n') : 'No active routes.', structured: { routes } };
    },
  }),
  defineTool({
    name: 'browser_unroute',
    title: 'Remove network routes',
    description: 'Remove the routes with this pattern, or every route when none is given.',
    method: 'route.remove',
    cap: 'network',
    input: z.object({ pattern: z.string().min(1).max(4_096).optional().describe('The pattern the routes were added with (omit: all routes).') }),
    async run(ctx, a) {
      const r = (await ctx.link.call<OwnResultOf<'route.remove'>>('route.remove', a.pattern !== undefined ? { url: a.pattern } : {})).result;
      return { text: `Removed ${r.removed} route${r.removed === 1 ? '' : 's'} (${r.routes} left).`, structured: r };
    },
  }),
  defineTool({
    name: 'browser_network_state_set',
    title: 'Set network state',
    description: "Take this session's pages offline (every request fails) or back online; other sessions keep their network.",
    method: 'network.set_offline',
    cap: 'network',
    input: z.object({ state: z.enum(['online', 'offline']).describe('"offline": requests fail as without a network; "online": restore it.') }),
    async run(ctx, a) {
      const r = (await ctx.link.call<OwnResultOf<'network.set_offline'>>('network.set_offline', { offline: a.state === 'offline' })).result;
      return { text: `Network is now ${r.offline ? 'offline' : 'online'}.`, structured: r };
    },
  }),
];
