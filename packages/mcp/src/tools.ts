import { Vocabulary } from './answer';
import { ACT_TOOLS } from './tools-act';
import { PAGE_TOOLS } from './tools-page';
import { SESSION_TOOLS } from './tools-session';
import type { ToolDef, ToolGate } from './tool';

/**
 * The tool table: every tool, the protocol method it maps to, its schema and annotations. The server's
 * tools/list, the repair wording and the README's tool list (scripts/tools-doc.ts) all read it.
 */
export const TOOLS: readonly ToolDef[] = [...PAGE_TOOLS, ...ACT_TOOLS, ...SESSION_TOOLS];

export const VOCABULARY = new Vocabulary(TOOLS);

/** The tools a server with these flags offers: a gated tool is absent without its flag. */
export function offeredTools(gates: ReadonlySet<ToolGate>): ToolDef[] {
  return TOOLS.filter((t) => t.gate === undefined || gates.has(t.gate));
}
