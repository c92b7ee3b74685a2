import type { AnyMethodName } from '@browser-provider/protocol';
import type { Ids } from './args';
import { defineError } from './entry';

/** Errors about the request itself: the envelope, the params, methods and options that are not there, and flags. */

export const parse_error = defineError({ code: 'invalid_request', detail: 'parse_error', retryable: false, when: 'The line is not JSON (answered with id null).', example: undefined });
export const not_an_object = defineError({ code: 'invalid_request', detail: 'not_an_object', retryable: false, when: 'The request is JSON but not an object.', example: undefined });
export const invalid_envelope = defineError({ code: 'invalid_request', detail: 'invalid_envelope', retryable: false, when: 'id, method or params has the wrong type.', example: undefined });
export const unsupported_protocol_version = defineError({ code: 'invalid_request', detail: 'unsupported_protocol_version', retryable: false, when: 'protocol_version is not "0.1".', example: undefined });

export const payload_too_large = defineError({
  code: 'invalid_request',
  detail: 'payload_too_large',
  retryable: false,
  when: 'The request line is over 67.7 MiB (50 MiB of inline files as base64, plus 1 MiB; it is never buffered whole; answered with the id read from the line start), or upload.set_files carries over 50 MiB inline, or page.drop over 10 MiB of files (details.limit_bytes).',
  repair: {
    method: 'provider.describe',
    build: () => ({ params: {}, hint: 'Send less in one request: fewer or smaller files per call (upload.set_files, page.drop), or a path under an --upload-root; provider.describe gives the limits.' }),
    mcp: () => ({ calls: [], hint: 'Send less in one call: fewer or smaller files, or files by path under a folder the server allows.' }),
  },
  example: undefined,
});

export const invalid_params = defineError({
  code: 'invalid_request',
  detail: 'invalid_params',
  retryable: false,
  when: 'A param has the wrong type or value; the message and details.field name it. Only a page.mouse press or release with no point yet has a repair: a move.',
  repair: {
    method: 'page.mouse',
    optional: true,
    build: (a: Ids) => ({ params: { ...a, action: 'move', x: 0, y: 0 }, hint: 'Move the pointer to the point first (action "move" with x and y), or give x and y with this call.' }),
  },
  example: { session_id: 's1', page_id: 'p1' },
});

export const unknown_key = defineError({
  code: 'invalid_request',
  detail: 'unknown_key',
  retryable: false,
  when: 'page.press names no key: neither one character nor a W3C key name (Enter, Tab, ArrowDown, Control, Meta, …; aliases such as Esc, Ctrl, Cmd).',
  example: undefined,
});

/** A param this big (JSON) is left out of the ambiguous repair rather than echoed back (e.g. a long text to type). */
const MAX_ECHOED_PARAM = 4096;

export const ambiguous = defineError<{ method: AnyMethodName; params: Record<string, unknown>; element_ref: string | undefined }>({
  code: 'invalid_request',
  detail: 'ambiguous',
  retryable: false,
  when: 'Several elements match; details.candidates lists up to 10 (ref, role, name). The repair repeats the same method and params with element_ref instead of selector / text_query (a param over 4 KiB is left out and named in the hint).',
  repair: {
    method: '(the method called)',
    // It must be the method that was called: an agent told page.click after a page.type would click instead of typing.
    build: (a) => {
      const params: Record<string, unknown> = {};
      const omitted: string[] = [];
      for (const [k, v] of Object.entries(a.params)) {
        if (k === 'selector' || k === 'text_query' || k === 'element_ref' || k === 'rev' || v === undefined) continue;
        if (JSON.stringify(v).length > MAX_ECHOED_PARAM) omitted.push(k);
        else params[k] = v;
      }
      const also = omitted.length > 0 ? ` (and your ${omitted.join(', ')}, left out here for size)` : '';
      return { method: a.method, params: { ...params, element_ref: a.element_ref }, hint: `Repeat ${a.method} with the element_ref of the candidate you mean${also}.` };
    },
  },
  example: { method: 'page.click', params: { session_id: 's1', page_id: 'p1', selector: 'button' }, element_ref: 'e4' },
});

export const syntax = defineError({ code: 'invalid_selector', detail: 'syntax', retryable: false, when: 'The CSS selector does not parse.', example: undefined });

export const too_many_routes = defineError({
  code: 'invalid_request',
  detail: 'too_many_routes',
  retryable: false,
  when: 'route.add on a session that already has 100 routes.',
  repair: {
    method: 'route.remove',
    build: (a: Ids) => ({ params: a.session_id !== undefined ? { session_id: a.session_id } : {}, hint: 'Remove routes that are no longer needed (route.list shows them).' }),
    mcp: () => ({ calls: [{ tool: 'browser_unroute', hint: 'Remove routes that are no longer needed (browser_route_list shows them).' }], hint: 'This session has as many routes as it may; remove some first.' }),
  },
  example: { session_id: 's1' },
});

const DESCRIBE_TOOL = { tool: 'browser_get_config' } as const;

export const unknown_method = defineError({
  code: 'unsupported_method',
  detail: 'unknown_method',
  retryable: false,
  when: 'The method is unknown, or optional and not offered by this engine.',
  repair: {
    method: 'provider.describe',
    build: () => ({ params: {}, hint: 'See provider.describe for the methods this provider offers.' }),
    mcp: () => ({ calls: [DESCRIBE_TOOL], hint: 'This browser or server does not offer it; use the tools listed.' }),
  },
  example: undefined,
});

export const engine_lacks_method = defineError<{ method: string; other: string }>({
  code: 'unsupported_method',
  detail: 'engine_lacks_method',
  retryable: false,
  when: "A server fronting several engines offers the method, but not on this session's engine; the repair opens a session on one that does.",
  repair: {
    method: 'session.ensure',
    build: (a) => ({ params: { browser_preference: a.other }, hint: `Open a session on ${a.other} for ${a.method} (a new session: its own pages and cookies); capabilities_by_family in provider.describe says what each engine offers.` }),
    mcp: (e) => ({ calls: [{ tool: 'browser_session', args: { browser: String(e.params.browser_preference ?? 'auto') } }], hint: 'This browser does not do it; start a session in one that does (a new session: its own pages and cookies).' }),
  },
  example: { method: 'console.list', other: 'firefox' },
});

export const gated = defineError<{ method: string; gate: string; read?: 'snapshot' }>({
  code: 'permission_denied',
  detail: 'gated',
  retryable: false,
  when: 'A method the server was not started to allow: passthrough (--allow-debug), page.eval (--allow-eval), an extension (--allow-extensions); details.gate_flag names the flag, and describe lists it in gated_methods. page.eval is repaired by reading the page with page.snapshot.',
  repair: {
    method: 'provider.describe',
    also: ['page.snapshot'],
    build: (a) =>
      a.read === 'snapshot'
        ? { method: 'page.snapshot', params: {}, hint: `Read the page with page.snapshot instead, or ask the operator to enable --${a.gate}.` }
        : { params: {}, hint: `${a.method} needs the server flag --${a.gate}, which only the operator can set; provider.describe lists what is enabled.` },
    mcp: (e) =>
      e.method === 'page.snapshot'
        ? { calls: [{ tool: 'browser_snapshot' }], hint: 'Read the page with a snapshot instead; only the operator can enable this.' }
        : { calls: [DESCRIBE_TOOL], hint: 'Only the operator can enable this, with a server flag.' },
  },
  example: { method: 'bidi.send', gate: 'allow-debug' },
});

export const eval_required = defineError({
  code: 'permission_denied',
  detail: 'eval_required',
  retryable: false,
  when: 'route.add on a server started without --allow-eval, with a stub the page could run: a non-empty body whose content type is not data (HTML, script, SVG, XML, PDF, …) or is missing, a Location or Refresh header, or X-Content-Type-Options other than nosniff. details.field names the param, details.gate_flag the flag; provider.describe gives the rule (param_gates of route.add). Nothing was added.',
  example: undefined,
});

export const scheme_not_allowed = defineError({ code: 'permission_denied', detail: 'scheme_not_allowed', retryable: false, when: 'page.open of a file:, javascript: or other non-web URL.', example: undefined });

export const unsupported_option = defineError<{ method: AnyMethodName; field: string; other?: string | undefined; instead?: { method: AnyMethodName; params: Record<string, unknown>; hint: string } }>({
  code: 'unsupported_target',
  detail: 'unsupported_option',
  retryable: false,
  when: 'page.click with a button this engine does not press faithfully (docs/clicks.md says which), page.screenshot with a format it does not capture (JPEG on classic WebDriver), page.emulate_media with a feature the engine does not emulate, network.request asking for a body part on an engine that keeps no bodies (repaired by asking for the headers), or page.drag demanding native HTML5 drag events where the WebDriver of the engine makes none; details.field names the param, and describe lists what each engine takes in capabilities.method_options. With several engines the repair opens a session on one that does. Nothing is dispatched.',
  repair: {
    method: 'provider.describe',
    also: ['session.ensure', 'network.request'],
    build: (a) =>
      a.instead !== undefined
        ? a.instead
        : a.other !== undefined
          ? { method: 'session.ensure', params: { browser_preference: a.other }, hint: `Open a session on ${a.other} for this call (a new session: its own pages and cookies).` }
          : { params: {}, hint: `capabilities.method_options["${a.method}"] lists what this engine takes for ${a.field}.` },
  },
  example: { method: 'page.screenshot', field: 'format', other: 'firefox' },
});

export const css_scale = defineError({
  code: 'unsupported_target',
  detail: 'css_scale',
  retryable: false,
  when: 'page.screenshot with scale "css" where the device pixel ratio is not 1: the engine captured device pixels and nothing here resamples an image (details.device_pixel_ratio); the repair asks for scale "device".',
  repair: { method: 'page.screenshot', build: () => ({ params: { scale: 'device' }, hint: 'Ask for scale "device": the image the engine captures, in device pixels.' }) },
  example: undefined,
});

export const browser_family = defineError<{ available: readonly string[]; via?: 'provider.setup_guide' }>({
  code: 'unsupported_target',
  detail: 'browser_family',
  retryable: false,
  when: 'browser_preference (or provider.setup_guide browser) names a browser this provider does not drive; details.available lists those it does, and the repair asks for the first of them.',
  repair: {
    method: 'session.ensure',
    also: ['provider.setup_guide'],
    build: (a) =>
      a.via === 'provider.setup_guide'
        ? { method: 'provider.setup_guide', params: {}, hint: `Leave out browser for every engine here, or name one of ${a.available.join(', ')}.` }
        : { params: { browser_preference: a.available[0] ?? 'auto' }, hint: `This provider drives ${a.available.join(', ')}; ask for one of them, or "auto" for its default.` },
    mcp: (e) => {
      const available = Array.isArray(e.details.available) ? e.details.available.map(String) : [];
      return { calls: [{ tool: 'browser_session', args: { browser: available[0] ?? 'auto' } }], hint: `This server drives ${available.join(', ') || 'other browsers'}: ask for one of them, or "auto" for its default.` };
    },
  },
  example: { available: ['firefox', 'chrome'] },
});

export const persist_unsupported = defineError<{ params: Record<string, unknown> }>({
  code: 'unsupported_target',
  detail: 'persist_unsupported',
  retryable: false,
  when: 'session.ensure with persist on an engine that cannot keep a profile (provider.describe lists no persistent_profile).',
  repair: { method: 'session.ensure', build: (a) => ({ params: a.params, hint: 'Open the session without persist and profile; sign-ins then last until the session closes.' }) },
  example: { params: { browser_preference: 'safari' } },
});
