import { z } from 'zod';
import { headerValueProblem, isHeaderName, ROUTE_BODY_MAX_CHARS, type OwnResultOf } from '@browser-provider/protocol';
import { CallError } from './link';
import { defineTool, type ToolDef } from './tool';

/**
 * The `network` group (`--caps network`) with Playwright MCP's names and arguments: routes that stub
 * or fail the session's requests (route.add / route.list / route.remove) and offline mode
 * (network.set_offline). As in Playwright MCP, a route with a body or status answers the request, and
 * one without sends it on with `headers` added and `removeHeaders` taken off.
 */

const badHeader = (field: string, why: string) => new CallError({ code: 'invalid_request', message: `${field}: ${why}`, retryable: false, details: { code: 'invalid_params', field } });

/**
 * `"Name: Value"` lines as a header record. A line the browser could not send (no name, a name that is
 * not a token, CR, LF or NUL in the value) is refused here, naming it, rather than added and dropped.
 */
function headerRecord(lines: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [i, line] of lines.entries()) {
    const shown = JSON.stringify(line.slice(0, 100));
    const colon = line.indexOf(':');
    if (colon <= 0) throw badHeader(`headers.${i}`, `${shown} is not "Name: Value"`);
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!isHeaderName(name)) throw badHeader(`headers.${i}`, `${JSON.stringify(name.slice(0, 100))} is not an HTTP header name (a token: letters, digits and !#$%&'*+-.^_\`|~)`);
    const problem = headerValueProblem(value);
    if (problem !== undefined) throw badHeader(`headers.${i}`, `${shown}: ${problem}`);
    out[name] = value;
  }
  return out;
}

export const NETWORK_TOOLS: ToolDef[] = [
  defineTool({
    name: 'browser_route',
    title: 'Mock network requests',
    description:
      "Answer this session's requests whose URL matches a pattern with a stub response (body, status, contentType, headers), fail them (abort), or send them on with headers changed. Newest route wins. Unless the server runs with --allow-eval, a stub body must be data the page cannot run (contentType JSON, text/plain, CSV, CSS, images but SVG, fonts, audio, video), and a stub cannot redirect.",
    method: 'route.add',
    cap: 'network',
    input: z.object({
      pattern: z.string().min(1).max(4_096).describe('URL glob over the whole URL ("**/api/users", "**/*.{png,jpg}"), or /regex/flags.'),
      status: z.number().int().min(100).max(599).optional().describe('Stub response status (default 200).'),
      body: z
        .string()
        .max(ROUTE_BODY_MAX_CHARS, { message: `at most ${ROUTE_BODY_MAX_CHARS} characters (the most one message carries on every transport)` })
        .optional()
        .describe(`Stub response body (text or JSON string), at most ${ROUTE_BODY_MAX_CHARS} characters.`),
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
      const refused = (r: (typeof routes)[number]) => (r.refused ? ` (${r.refused} refused by the browser and sent on unchanged: ${r.refusal ?? 'no reason given'})` : '');
      const lines = routes.map((r, i) => `${i + 1}. ${r.url} → ${r.action}${r.status !== undefined ? ` ${r.status}` : ''}, ${r.hits} hit${r.hits === 1 ? '' : 's'}${refused(r)}`);
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
