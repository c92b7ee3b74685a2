import type { AnyMethodName, Gate } from '@browser-provider/protocol';
import { knownTraits } from '@browser-provider/protocol';
import { z } from 'zod';
import type { Vocabulary } from './answer';
import type { ProviderLink } from './link';

/** What a tool answers: text for the model, the protocol result for programs, maybe an image. */
export interface ToolAnswer {
  text: string;
  structured?: Record<string, unknown>;
  image?: { data: string; mimeType: string };
}

/** Server flags a tool needs (its method's `gate` trait); a gated tool is not even listed without its flag. */
export type ToolGate = Gate;

export interface ToolContext {
  link: ProviderLink;
  vocab: Vocabulary;
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

/** The field descriptions of a protocol method, re-described where the tool's wording differs. */
export function field<T extends z.ZodType>(schema: T, description: string): T {
  return schema.describe(description);
}
