import { z } from 'zod';
import type { SessionFiles } from './files';
import type { ToolContext } from './tool';

/**
 * The `filename` argument of Playwright MCP's tools: the output goes to a file in the MCP session's own
 * folder under the server's output root, and the answer names its path. A name that leaves the folder
 * — `..`, an absolute path elsewhere, a link inside pointing out — is refused: the model chooses the
 * name, not the disk. The rules themselves live in `files.ts`.
 */

const filesOf = (ctx: ToolContext): SessionFiles => {
  if (ctx.files === undefined) throw new Error('this tool writes files, and its context has no session folder');
  return ctx.files;
};

/** Writes `data` to `filename` in the session's folder (never through a link) and answers the path. */
export function writeOutput(ctx: ToolContext, filename: string, data: string | Uint8Array): Promise<string> {
  return filesOf(ctx).write(filename, data);
}

/** What a tool reads as text at most: a storage state or a script, never a whole disk image. */
export const INPUT_MAX_BYTES = 16 * 1024 * 1024;

/** Reads `filename` as UTF-8: a file this session wrote, or one a person placed in an input folder. */
export async function readInput(ctx: ToolContext, filename: string, maxBytes = INPUT_MAX_BYTES): Promise<string> {
  return (await filesOf(ctx).read(filename, maxBytes)).toString('utf8');
}

/** A tool's text answer, or — with `filename` — the file it was written to. */
export async function textOrFile(ctx: ToolContext, filename: string | undefined, text: string, what: string): Promise<string> {
  if (filename === undefined) return text;
  const path = await writeOutput(ctx, filename, text);
  return `Wrote ${what} to ${path} (${text.length} characters).`;
}

/** The `filename` argument, described alike on every tool that takes it. */
export const Filename = (what: string) =>
  z.string().min(1).max(1_000).optional().describe(`Write ${what} to this file in the session's folder under the server's output folder instead of answering it; the answer names the path.`);
