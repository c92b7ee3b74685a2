/**
 * What a `route.add` may put on the wire, checked before the route is added: header names and values
 * an engine would refuse (so a route is never answered "added" and then does nothing), and, without
 * --allow-eval, which stub responses a page could run. Pure functions: core refuses with them, the
 * MCP tools name their own fields with them, and the rule text below is what `describe` says.
 */

/** An HTTP header name: a token (RFC 9110 §5.6.2). Firefox 153 and Chromium 156 refuse any other. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function isHeaderName(name: string): boolean {
  return TOKEN.test(name);
}

/**
 * Why a header value cannot be sent, or undefined when it can. Both engines refuse CR, LF and NUL
 * (a header cannot be split in two) and a value that starts or ends with a space or tab (Fetch's
 * "header value" is normalized, and theirs is not re-normalized).
 */
export function headerValueProblem(value: string): string | undefined {
  if (/[\r\n\0]/.test(value)) return 'a header value may not contain CR, LF or NUL';
  if (/^[ \t]|[ \t]$/.test(value)) return 'a header value may not start or end with a space or tab';
  return undefined;
}

/**
 * Request headers that frame the HTTP message itself, which no route may set or remove on any engine.
 * Chromium 156 refuses them; Firefox 153 sends them as given, and a Content-Length its GET does not
 * match left the connection out of step, so the server read the next request as garbage (400).
 */
export const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer'] as const;

export function isFramingHeader(name: string): boolean {
  return (FRAMING_HEADERS as readonly string[]).includes(name.toLowerCase());
}

/**
 * Content types a browser never runs as script or renders as a document that can hold one: data a page
 * reads. Everything else is refused for a stub body without --allow-eval, HTML, JavaScript, SVG, XML,
 * XSLT, PDF (its viewers run the document's own script) and WebAssembly (a page instantiates it) among
 * them. An `image/*` type is data unless it names SVG or XML; a `+json` type is JSON.
 */
export const STUB_DATA_TYPES = [
  'application/json',
  'application/*+json',
  'application/x-ndjson',
  'application/octet-stream',
  'text/plain',
  'text/csv',
  'text/css',
  'text/event-stream',
  'image/* (not SVG)',
  'font/*',
  'audio/*',
  'video/*',
] as const;

const EXACT = new Set(['application/json', 'application/x-ndjson', 'application/octet-stream', 'text/plain', 'text/csv', 'text/css', 'text/event-stream']);
const MIME = /^([a-z0-9!#$&^_.+-]+)\/([a-z0-9!#$&^_.+-]+)\s*(;.*)?$/;

/**
 * Whether a stub body served as `contentType` is data a page cannot run. A value that is not one
 * plain `type/subtype` (two types, a comma, no slash) is not: browsers differ on which part they take.
 */
export function isDataContentType(contentType: string): boolean {
  const m = MIME.exec(contentType.trim().toLowerCase());
  if (m === null || contentType.includes(',')) return false;
  const [type, subtype] = [m[1] as string, m[2] as string];
  if (EXACT.has(`${type}/${subtype}`)) return true;
  if (type === 'application') return subtype.endsWith('+json');
  if (type === 'image') return !subtype.includes('svg') && !subtype.includes('xml');
  return type === 'font' || type === 'audio' || type === 'video';
}

/** Stub response headers refused without --allow-eval: each makes the browser load a URL the client chose in the page's place. */
export const STUB_REDIRECT_HEADERS = ['location', 'refresh'] as const;

/** What route.add refuses without --allow-eval, as `describe` and the docs say it. */
export const STUB_EVAL_RULE =
  `Without --allow-eval a stub cannot carry anything the page would run as script: a non-empty body needs a content type browsers treat as data (${STUB_DATA_TYPES.join(', ')}); ` +
  'no content type counts as HTML, since browsers sniff it. A stub may not set Location or Refresh (a redirected <script> request would load a script the client chose), nor X-Content-Type-Options to anything but nosniff, ' +
  'and every stub is sent with X-Content-Type-Options: nosniff so the browser does not sniff it into HTML or script. ' +
  'Request headers changed by a route go to the real server, whose response is never edited.';
