/** What the soak drives: the protocol server on stdio, or the MCP server over HTTP (`--mcp`). */

/** One call's outcome: the answer's code (`ok` or an error code), or why no answer came. */
export type Outcome = { method: string; code: string; lost?: undefined } | { method: string; lost: string; code?: undefined };

export interface SoakTarget {
  label: string;
  /** The server process (sampled with everything it started). */
  readonly pid: number;
  /** Resolves once the server answers. */
  ready(): Promise<void>;
  /** Opens a session; `sid` is absent when it did not open. */
  open(name: string): Promise<{ outcome: Outcome; sid?: string }>;
  /** One random call, valid (75 %) or not, taken with `pick`. */
  step(sid: string, valid: boolean, pick: <T>(xs: T[]) => T): Promise<Outcome>;
  close(sid: string): Promise<Outcome>;
  /** `provider.status`'s `recycle` block (browsers relaunched by the memory backstop), when it has one. */
  recycle(): Promise<{ recycles: number; sessions_served: number } | undefined>;
  end(): Promise<void>;
}

/** The answer of `run`, or the first line of why it threw: a lost answer. */
export async function settle(method: string, run: () => Promise<string>): Promise<Outcome> {
  try {
    return { method, code: await run() };
  } catch (e) {
    // fetch's own message ("fetch failed") says nothing; its cause names the socket error.
    const cause = e instanceof Error && e.cause instanceof Error ? ` (${(e.cause as { code?: string }).code ?? ''} ${e.cause.message})` : '';
    return { method, lost: `${(e instanceof Error ? e.message : String(e)).split('\n')[0] ?? ''}${cause}` };
  }
}

/**
 * `--steps a,b`: the calls whose name is one of `steps` (an MCP tool may be named without its
 * `browser_` prefix), so one family of calls can be soaked alone: valid calls by name, invalid ones as
 * `invalid:<name>` (`invalid` alone: every invalid call). Throws on a name no call has.
 */
export function onlySteps<T>(valid: T[], invalid: T[], steps: string[], name: (c: T) => string): T[] {
  const matches = (c: T, s: string) => name(c) === s || name(c) === `browser_${s}`;
  const pick = (s: string) =>
    s === 'invalid' ? invalid : s.startsWith('invalid:') ? invalid.filter((c) => matches(c, s.slice('invalid:'.length))) : valid.filter((c) => matches(c, s));
  const unknown = steps.filter((s) => pick(s).length === 0);
  if (unknown.length > 0) {
    const names = [...new Set(valid.map(name)), ...new Set(invalid.map((c) => `invalid:${name(c)}`))];
    throw new Error(`--steps: no such step ${unknown.join(', ')} (valid: ${names.join(', ')}, invalid)`);
  }
  return steps.flatMap(pick);
}
