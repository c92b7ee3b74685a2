import { knownTraits } from '@browser-provider/protocol';

/**
 * What one protocol call tells the session report, read from its params and answer: the page it was
 * about, where the pointer acted, what the snapshot diff says changed, and whether it typed a secret.
 * The same reading serves both surfaces: each call an MCP tool makes, and each `serve` request.
 */

export interface Point {
  x: number;
  y: number;
}

/** An answer envelope as far as the report reads it. */
export type Answer = { ok: true; result: unknown; warnings?: string[] } | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };

export interface CallFacts {
  pageId?: string;
  url?: string;
  /** A click, a tap, a pointer action at one point. */
  point?: Point;
  /** A drag's press and release. */
  drag?: { from: Point; to: Point };
  /** The page changed, or may have: the step gets a screenshot. */
  touched: boolean;
  /** The snapshot diff the call answered with, one line per node: `+` added, `-` removed, `~` changed (with its old line). */
  diff?: string[];
  /** Text the call typed that must not be shown: into a password field, or where that could not be told. */
  secret?: string;
  /** A printable key pressed into a password field (or where that could not be told): one character of a password. */
  secretKey?: string;
  /** String literals a page.eval function writes while it deals with a password (see `evalSecrets`). */
  secrets?: string[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const point = (v: unknown): Point | undefined => {
  const p = rec(v);
  return typeof p.x === 'number' && typeof p.y === 'number' ? { x: p.x, y: p.y } : undefined;
};

/**
 * How the snapshot shows a password's value (page-script forms.ts): one bullet per character. Escaped:
 * one character past Latin-1 in the bundle makes V8 hold that whole chunk's source as two bytes per
 * character (about 380 KB more heap in every MCP server, issue 33).
 */
const MASKED = /^\u2022+$/;

/**
 * A typed text is a secret unless the field's value, read back, shows it was not a password: a
 * password reads back as bullets, and a call that failed or read nothing back cannot prove otherwise.
 */
function typedSecret(params: Record<string, unknown>, answer: Answer): string | undefined {
  const text = str(params.text);
  if (text === undefined || text === '') return undefined;
  if (!answer.ok) return text;
  const value = str(rec(answer.result).value);
  return value === undefined || MASKED.test(value) ? text : undefined;
}

/**
 * A key that types one character ("a", "Shift+A"), as page.press takes it: its character, or
 * undefined for a named key or a chord that types nothing ("Enter", "Control+A").
 */
function printable(key: string): string | undefined {
  const bare = key.startsWith('Shift+') ? key.slice('Shift+'.length) : key;
  return [...bare].length === 1 ? bare : undefined;
}

/**
 * A printable key is a secret unless the answer's snapshot diff shows where it went and that was no
 * password: a password's value shows as bullets there, and a call that failed or answered no diff
 * cannot prove otherwise.
 */
function pressedSecret(params: Record<string, unknown>, answer: Answer, diff: string[] | undefined): string | undefined {
  const key = str(params.key);
  const ch = key === undefined ? undefined : printable(key);
  if (ch === undefined) return undefined;
  if (!answer.ok || diff === undefined || diff.length === 0) return ch;
  return diff.some((l) => l.includes('•')) ? ch : undefined;
}

/** Words that say a function deals with a password or another secret. */
const SECRET_WORDS = /pass(?:word|wd|code|phrase)|\bpin\b|secret|token|api[-_]?key|credential/i;
/** A string literal written as a value: assigned (`= '…'`, not `==` or `=>`) or passed after a first argument (`, '…'`). */
const WRITTEN_LITERAL = /(?:(?<![=!<>])=(?![=>])|,)\s*(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;

/**
 * The secrets of a `page.eval` function: when its text mentions a password (or a PIN, token, key…),
 * the string literals it writes (assigned, or passed after a first argument, as
 * `setAttribute('value', '…')`) are masked; selectors and other first arguments stay readable, and so
 * does a literal that names the secret rather than holding it. A function that never says what its
 * literal is for cannot be told from any other and is left as written.
 */
export function evalSecrets(expression: string): string[] {
  if (!SECRET_WORDS.test(expression)) return [];
  const out: string[] = [];
  for (const m of expression.matchAll(WRITTEN_LITERAL)) {
    const raw = m[2] ?? '';
    if (raw === '' || raw.includes('${') || SECRET_WORDS.test(raw)) continue;
    out.push(raw);
  }
  return out;
}

function diffOf(snapshot: unknown): string[] | undefined {
  const d = rec(rec(snapshot).diff);
  if (d.base_found !== true) return undefined;
  const lines = (v: unknown) => (Array.isArray(v) ? v.map(rec) : []);
  return [
    ...lines(d.added).map((a) => `+ ${str(a.line) ?? ''}`),
    ...lines(d.removed).map((r) => `- ${str(r.line) ?? ''}`),
    ...lines(d.changed).flatMap((c) => [`~ ${str(c.line) ?? ''}`, `    was: ${str(c.was) ?? ''}`]),
  ];
}

export function callFacts(method: string, params: Record<string, unknown>, answer: Answer): CallFacts {
  const result = answer.ok ? rec(answer.result) : {};
  const snapshot = rec(result.snapshot);
  const pageId = str(result.page_id) ?? str(params.page_id) ?? str(snapshot.page_id);
  const url = str(result.url) ?? str(snapshot.url);
  const traits = knownTraits(method);
  const from = point(result.from);
  const to = point(result.to);
  const facts: CallFacts = {
    ...(pageId !== undefined ? { pageId } : {}),
    ...(url !== undefined ? { url } : {}),
    touched: traits?.mutating === true && pageId !== undefined,
  };
  const p = point(result.point);
  if (p !== undefined) facts.point = p;
  if (from !== undefined && to !== undefined) facts.drag = { from, to };
  const diff = diffOf(result.snapshot);
  if (diff !== undefined) facts.diff = diff;
  if (method === 'page.type') {
    const secret = typedSecret(params, answer);
    if (secret !== undefined) facts.secret = secret;
  }
  if (method === 'page.press') {
    const key = pressedSecret(params, answer, diff);
    if (key !== undefined) facts.secretKey = key;
  }
  if (method === 'page.eval') {
    const secrets = evalSecrets(str(params.expression) ?? '');
    if (secrets.length > 0) facts.secrets = secrets;
  }
  return facts;
}
