/** Reading a snapshot's text the way an agent does, for the browser tests that drive `serve`. */
import type { ResponseEnvelope } from '@browser-provider/protocol';

/** The result of a successful call; anything else fails the test with the error it carried. */
export function ok(env: ResponseEnvelope): Record<string, any> {
  if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
  return env.result as Record<string, any>;
}

/** The ref on the first line matching `line` (a regex source up to the ref; the line's tail may hold states). */
export function refOf(text: string, line: string): string {
  const m = new RegExp(`^\\s*${line}[^\\n]*?\\[(e\\d+)\\]`, 'm').exec(text);
  if (!m) throw new Error(`no line /${line}/ with a ref in:\n${text}`);
  return m[1]!;
}

/** `s` as the snapshot quotes it, escaped for a regex source. */
export const quoted = (s: string): string => JSON.stringify(s).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
