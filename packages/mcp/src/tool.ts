import type { AnyMethodName, Gate } from '@browser-provider/protocol';
import { knownTraits } from '@browser-provider/protocol';
import { z } from 'zod';
import type { ToolAnswer, Vocabulary } from './answer';
import type { Cap } from './caps';
import type { SessionFiles } from './files';
import { CallError, type ProviderLink } from './link';
import type { Tracing } from './report/tracing';

export type { ToolAnswer } from './answer';

/** Server flags a tool needs (its method's `gate` trait); a gated tool is not even listed without its flag. */
export type ToolGate = Gate;

/** How this server was started, as browser_get_config tells it and the file-writing tools use it. */
export interface McpConfig {
  caps: readonly Cap[];
  allowEval: boolean;
  browserPreference?: string | undefined;
  /** The output root: each MCP session writes in a private folder of its own below it. */
  outputDir: string;
  /** This MCP session's folder (made on first use), where its `filename` arguments write. */
  sessionDir?: string;
  /** Folders a person placed input files in; tools read from them, never write. */
  inputDirs: readonly string[];
}

export interface ToolContext {
  link: ProviderLink;
  vocab: Vocabulary;
  /** Absent in unit tests that drive a tool without a server. */
  config?: McpConfig;
  /** The MCP session's own files (its private folder, quota and input folders); absent in unit tests that write none. */
  files?: SessionFiles;
  /** The session report (browser_start_tracing, --save-session); absent in unit tests. */
  tracing?: Tracing;
}

/**
 * One row of the tool table. `method` is the protocol method the tool maps to (docs, repair
 * translation); tools that combine calls name the one that does the work. `input` is built from the
 * method's zod params where the meaning is the same, so a field is described once.
 */
export interface ToolDef<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  method: AnyMethodName | undefined;
  input: S;
  /** The tools/list `readOnlyHint`: its method's, from the method table (see `defineTool`). */
  readOnly: boolean;
  destructive?: boolean;
  /** Reaches past the page the user opened (a URL, the file system). */
  openWorld?: boolean;
  gate?: ToolGate;
  /** The opt-in group (`--caps`) the tool belongs to; absent = a default tool. */
  cap?: Cap;
  run(ctx: ToolContext, args: z.infer<S>): Promise<ToolAnswer>;
}

/**
 * What a tool row writes. `readOnly` is left out where the tool is its method (it is then the method's
 * `!mutating`); a row writes it only when the tool does more than its method does, saying why.
 */
export type ToolSpec<S extends z.ZodObject> = Omit<ToolDef<S>, 'gate' | 'readOnly'> & { readOnly?: boolean };

/** A tool's gate and read-only hint are its method's, from the method table. */
export const defineTool = <S extends z.ZodObject>(t: ToolSpec<S>): ToolDef => {
  const traits = t.method === undefined ? undefined : knownTraits(t.method);
  const readOnly = t.readOnly ?? (traits === undefined ? undefined : !traits.mutating);
  if (readOnly === undefined) throw new Error(`${t.name}: ${t.method ?? 'no method'} has no traits in the method table, so the tool must say readOnly`);
  const gate = traits?.gate;
  return { ...t, readOnly, ...(gate === undefined ? {} : { gate }) } as unknown as ToolDef;
};

/** Our element refs (`e12`); anything else in `target` is a CSS selector. */
const REF = /^e\d+$/;

export const Target = z
  .string()
  .min(1)
  .max(10_000)
  .describe('The element: its ref from the latest snapshot (e.g. "e12"), or a CSS selector that matches exactly one element.');

/** Playwright MCP's permission text; accepted for prompts written for it, and used in our messages. */
export const ElementLabel = z.string().max(1_000).optional().describe('A human-readable description of the element (optional; not used to find it).');

export function targetParams(target: string): { element_ref: string } | { selector: string } {
  return REF.test(target) ? { element_ref: target } : { selector: target };
}

/**
 * A target that must be a ref: scopes, element screenshots and the checks that read the snapshot by
 * ref (a selector would need a snapshot to mean one).
 */
export function refOnly(target: string): string {
  const t = targetParams(target);
  if ('element_ref' in t) return t.element_ref;
  throw new CallError({
    code: 'invalid_request',
    message: `target: expected an element ref from the snapshot here, got the selector ${JSON.stringify(target)}.`,
    retryable: false,
    details: { code: 'ref_required', field: 'target', repair: { method: 'page.snapshot', params: {}, hint: "Take a snapshot and pass the element's ref." } },
  });
}

/** The field descriptions of a protocol method, re-described where the tool's wording differs. */
export function field<T extends z.ZodType>(schema: T, description: string): T {
  return schema.describe(description);
}
