import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The two sides of the compatibility table. Playwright MCP's side is a committed snapshot of its
 * tools/list (`playwright-tools.json`, written by `pnpm mcp:compat` from the pinned package), so the
 * check in the test command needs neither its server nor a browser; ours is built from our tool table.
 */

const Arg = z.object({ name: z.string(), required: z.boolean(), type: z.string().optional(), enum: z.array(z.string()).optional() });
const PwTool = z.object({
  name: z.string(),
  /** `default`, or the `--caps` group that first lists it. */
  group: z.string(),
  description: z.string(),
  args: z.array(Arg),
});
export const PlaywrightSnapshot = z.object({ package: z.literal('@playwright/mcp'), version: z.string(), tools: z.array(PwTool) });
export type PlaywrightSnapshot = z.infer<typeof PlaywrightSnapshot>;
export type PwTool = z.infer<typeof PwTool>;

/** Why a Playwright tool, an argument, or a tool on one engine is missing here. */
export const Reasons = z.object({
  tools: z.record(z.string(), z.string()),
  /** `tool.arg` */
  args: z.record(z.string(), z.string()),
  /** `tool@engine` */
  engines: z.record(z.string(), z.string()),
});
export type Reasons = z.infer<typeof Reasons>;

/** One of our tools as the table needs it: its arguments, its group, its flag, and the engines that offer it. */
export interface OurTool {
  name: string;
  args: string[];
  cap?: string | undefined;
  gate?: string | undefined;
  engines: string[];
}

export const SNAPSHOT_FILE = new URL('./playwright-tools.json', import.meta.url);
export const REASONS_FILE = new URL('./reasons.json', import.meta.url);

export const loadSnapshot = (file: URL = SNAPSHOT_FILE): PlaywrightSnapshot => PlaywrightSnapshot.parse(JSON.parse(readFileSync(file, 'utf8')));
export const loadReasons = (file: URL = REASONS_FILE): Reasons => Reasons.strict().parse(JSON.parse(readFileSync(file, 'utf8')));

/** A tools/list entry → the snapshot's row: argument names, whether required, and their type or enum. */
export function pwTool(t: { name: string; description?: string | undefined; inputSchema: { properties?: Record<string, unknown>; required?: string[] } }, group: string): PwTool {
  const required = new Set(t.inputSchema.required ?? []);
  const args = Object.entries(t.inputSchema.properties ?? {}).map(([name, s]) => {
    const schema = s as { type?: unknown; enum?: unknown };
    return {
      name,
      required: required.has(name),
      ...(typeof schema.type === 'string' ? { type: schema.type } : {}),
      ...(Array.isArray(schema.enum) ? { enum: schema.enum.map(String) } : {}),
    };
  });
  // The first sentence is enough to say what a missing tool does.
  const description = (t.description ?? '').split(/(?<=\.)\s|\n/)[0]?.trim() ?? '';
  return { name: t.name, group, description, args };
}
