import type { OwnParamsOf } from '@browser-provider/protocol';
import { isDataContentType, STUB_DATA_TYPES, STUB_REDIRECT_HEADERS } from '@browser-provider/protocol';
import type { RouteHeaderLimits } from '../backend';
import { ERRORS, raise } from '../catalog';

/**
 * What `route.add` refuses before a route exists, so an answer "added" means the route will do what
 * it says. The schema has refused header names and values no engine sends; here, the stubs a page could
 * run while --allow-eval is off (a stub body is client-chosen content served in the page's origin,
 * with its cookies: as much reach as page.eval), and the request headers this engine cannot change.
 */

type RouteParams = OwnParamsOf<'route.add'>;

const lower = (s: string) => s.toLowerCase();

/** Each Content-Type a stub would carry, with the field it came from (content_type replaces those among headers). */
function contentTypes(p: RouteParams): Array<{ field: string; value: string }> {
  if (p.content_type !== undefined) return [{ field: 'content_type', value: p.content_type }];
  return Object.entries(p.headers ?? {})
    .filter(([name]) => lower(name) === 'content-type')
    .map(([name, value]) => ({ field: `headers.${name}`, value }));
}

/** `permission_denied` / `eval_required`: what the route would do, and that only the operator's flag allows it. */
function evalRequired(field: string, what: string) {
  return raise(ERRORS.eval_required, `route.add ${field}: ${what}. The server was started without --allow-eval, which this needs; no route was added.`, undefined, {
    details: { field, gate_flag: '--allow-eval' },
  });
}

/** Refuses, while eval is off, a stub the page could run: see STUB_EVAL_RULE. Nothing else is refused here. */
export function checkStub(p: RouteParams, evalAllowed: boolean): void {
  if (evalAllowed) return;
  for (const [name, value] of Object.entries(p.headers ?? {})) {
    const n = lower(name);
    if ((STUB_REDIRECT_HEADERS as readonly string[]).includes(n)) throw evalRequired(`headers.${name}`, `a stub with ${name} sends the page to a URL the client chose (a redirected <script> would run it)`);
    if (n === 'x-content-type-options' && lower(value.trim()) !== 'nosniff') throw evalRequired(`headers.${name}`, 'a stub may only set X-Content-Type-Options to nosniff (a sniffed body can become HTML or script)');
  }
  if ((p.body ?? '') === '') return;
  const types = contentTypes(p);
  if (types.length === 0) throw evalRequired('content_type', `a stub body with no content type is sniffed by the browser, and may run as HTML; give content_type, one browsers treat as data (${STUB_DATA_TYPES.join(', ')})`);
  for (const t of types) {
    if (!isDataContentType(t.value)) throw evalRequired(t.field, `a stub body served as ${JSON.stringify(t.value.slice(0, 200))} is a document or script the page could run; without --allow-eval a body needs a type browsers treat as data (${STUB_DATA_TYPES.join(', ')})`);
  }
}

const matches = (list: readonly string[], name: string) => list.some((entry) => (entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry));

/** Refuses request header edits the engine cannot make (`limits`, from the backend), naming the field. */
export function checkHeaderLimits(p: RouteParams, limits: RouteHeaderLimits | undefined, engine: string): void {
  if (limits === undefined) return;
  for (const name of Object.keys(p.request_headers ?? {})) {
    if (matches(limits.unsettable, lower(name))) {
      throw raise(ERRORS.invalid_params, `request_headers.${name}: ${engine} does not let a route set ${name} (its network stack owns it); no route was added.`, undefined, {
        details: { field: `request_headers.${name}` },
      });
    }
  }
  for (const [i, name] of (p.remove_request_headers ?? []).entries()) {
    if (matches(limits.unremovable, lower(name))) {
      throw raise(ERRORS.invalid_params, `remove_request_headers.${i}: ${engine} writes ${name} after a route has run, so removing it would do nothing; no route was added.`, undefined, {
        details: { field: `remove_request_headers.${i}` },
      });
    }
  }
}
