import type { z } from 'zod';
import { ERRORS, raise } from '../catalog';

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/**
 * Parses params once, at the boundary. The error names the first bad field the way a person would
 * write it: `url: expected string, got number`.
 */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown, method: string): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue === undefined) throw raise(ERRORS.invalid_params, `${method}: invalid params`, undefined);
  const field = issue.path.map(String).join('.');
  let reason = issue.message;
  if (issue.code === 'invalid_type') {
    const got = valueAt(input, issue.path);
    reason = got === undefined ? `required ${issue.expected}` : `expected ${issue.expected}, got ${describeValue(got)}`;
  } else if (issue.code === 'unrecognized_keys') {
    reason = `unknown field(s) ${issue.keys.join(', ')}`;
  }
  throw raise(ERRORS.invalid_params, `${method}: ${field ? `${field}: ` : ''}${reason}`, undefined, { details: field ? { field } : {} });
}
