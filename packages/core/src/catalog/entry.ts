import type { AnyMethodName, ErrorCode, Repair } from '@browser-provider/protocol';
import { ProviderError } from './errors';

/**
 * One error the provider can answer, as a (code, detail) pair with every fact about it in one place:
 * whether repeating the same call can succeed, the repair (a protocol call, and the MCP tool call that
 * does the same), and the sentence docs/errors.md prints. Code raises it with `raise`, so the answer and
 * the docs cannot drift apart; catalog.test.ts renders every repair and parses it with its method's
 * params schema, and packages/mcp's repairs.test.ts parses its MCP call with the tool's input schema.
 */
export interface ErrorEntry<A = void> {
  code: ErrorCode;
  detail: string;
  retryable: boolean;
  /** When it happens: the docs' sentence. */
  when: string;
  repair?: RepairSpec<A>;
  /** Arguments to render this entry with in tests and docs (what a real raise would pass). */
  example: A;
}

export interface RepairSpec<A> {
  /** The method the repair names; "(the method called)" where it repeats the refused call. */
  method: AnyMethodName | '(the method called)';
  /** Other methods `build` may name where the raise site knows a closer repair (listed in the docs). */
  also?: readonly AnyMethodName[];
  /** Only some raises carry it (they say when); the dispatcher never adds it to one that does not. */
  optional?: true;
  /** The repair's params and hint; the dispatcher adds the caller's session_id / page_id where missing. */
  build(a: A): { method?: AnyMethodName; params: Record<string, unknown>; hint: string };
  /**
   * The same repair for a model talking MCP, built from the error as it arrives (the wire form, so it
   * works over a child process too): tool calls in order of preference, the first the session offers
   * wins; with none offered, the hint alone. Tools are named by string here (core does not know the
   * MCP package); packages/mcp's repairs.test.ts parses each with the tool's input schema. Absent: the
   * MCP server translates the protocol repair by its tool table, checking the arguments.
   */
  mcp?: (e: WireError) => McpRepair;
}

/** What an MCP repair is built from: the error's details and its protocol repair as sent. */
export interface WireError {
  /** The protocol repair's method (one of the entry's `method` and `also`). */
  method: string;
  /** The protocol repair's hint (its method names are said as tools when it is shown). */
  hint: string;
  details: Record<string, unknown>;
  params: Record<string, unknown>;
}

export interface McpRepair {
  calls: readonly McpCall[];
  /** One sentence in tool words; never a protocol method name. */
  hint: string;
}

export interface McpCall {
  tool: string;
  args?: Record<string, unknown>;
  /** The hint when this call is the one named, if it differs from the repair's. */
  hint?: string;
}

export interface RaiseOptions {
  details?: Record<string, unknown>;
  cause?: unknown;
  /** An entry whose repair is `optional` carries it only when the raise site says so: most of its raises have none. */
  withRepair?: true;
}

/** An entry, with its argument type taken from `example`. */
export const defineError = <A = void>(e: ErrorEntry<A>): ErrorEntry<A> => e;

/** The protocol repair of `entry` for `a`, or undefined for an entry without one. */
export function repairOf<A>(entry: ErrorEntry<A>, a: A): Repair | undefined {
  const spec = entry.repair;
  if (spec === undefined) return undefined;
  const built = spec.build(a);
  const method = built.method ?? spec.method;
  if (method === '(the method called)') throw new Error(`${entry.code}/${entry.detail}: its repair must name the method called`);
  return { method, params: built.params, hint: built.hint };
}

/** The one way core raises a classified error: code, detail, retryable and repair come from the entry. */
export function raise<A>(entry: ErrorEntry<A>, message: string, a: A, o: RaiseOptions = {}): ProviderError {
  const repair = entry.repair?.optional === true && o.withRepair !== true ? undefined : repairOf(entry, a);
  return new ProviderError(entry.code, message, {
    detail: entry.detail,
    retryable: entry.retryable,
    ...(o.details !== undefined ? { details: o.details } : {}),
    ...(repair !== undefined ? { repair } : {}),
    ...(o.cause !== undefined ? { cause: o.cause } : {}),
  });
}
