import { constants } from 'node:fs';
import { mkdir, open, readFile, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { CallError } from './link';
import type { ToolContext } from './tool';

/**
 * The `filename` argument of Playwright MCP's tools: the output goes to a file under the server's
 * output folder and the answer names its path. A name that leaves the folder — `..`, an absolute path
 * elsewhere, a symlink inside pointing out — is refused: the model chooses the name, not the disk.
 */

/** One folder per server process, as Playwright MCP keeps one per run. */
export const defaultOutputDir = (): string => join(tmpdir(), 'browser-provider-mcp', String(process.pid));

const escape = (filename: string, why: string) =>
  new CallError({
    code: 'permission_denied',
    message: `filename: ${JSON.stringify(filename)} ${why}; files are written under the server's output folder only (--output-dir).`,
    retryable: false,
    details: { code: 'path_escape', field: 'filename' },
  });

/** Where `filename` would be written: inside the output folder, or refused. */
async function place(dir: string, filename: string): Promise<string> {
  if (filename.includes('\0')) throw escape(filename, 'holds a NUL byte');
  const root = resolve(dir);
  const path = resolve(root, filename);
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw escape(filename, 'is outside the output folder');
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  // A folder inside may be a symlink out of it: compare the real paths.
  const realRoot = await realpath(root);
  const realParent = await realpath(dirname(path));
  const realRel = relative(realRoot, realParent);
  if (realRel.startsWith('..') || isAbsolute(realRel)) throw escape(filename, 'leads outside the output folder through a link');
  return join(realParent, relative(dirname(path), path));
}

/** Writes `data` to `filename` under the output folder (never through a symlink) and answers the path. */
export async function writeOutput(ctx: ToolContext, filename: string, data: string | Uint8Array): Promise<string> {
  const dir = ctx.config?.outputDir ?? defaultOutputDir();
  const path = await place(dir, filename);
  const fh = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o600).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ELOOP') throw escape(filename, 'is a symlink');
    throw e;
  });
  try {
    await fh.writeFile(data);
  } finally {
    await fh.close();
  }
  return path;
}

/** Reads `filename` from under the output folder (the same confinement as writing). */
export async function readInput(ctx: ToolContext, filename: string): Promise<string> {
  const path = await place(ctx.config?.outputDir ?? defaultOutputDir(), filename);
  return readFile(path, { encoding: 'utf8', flag: constants.O_RDONLY | constants.O_NOFOLLOW }).catch((e: NodeJS.ErrnoException) => {
    throw new CallError({ code: 'invalid_request', message: `filename: cannot read ${JSON.stringify(filename)} (${e.code ?? e.message}).`, retryable: false, details: { code: 'invalid_params', field: 'filename' } });
  });
}

/** A tool's text answer, or — with `filename` — the file it was written to. */
export async function textOrFile(ctx: ToolContext, filename: string | undefined, text: string, what: string): Promise<string> {
  if (filename === undefined) return text;
  const path = await writeOutput(ctx, filename, text);
  return `Wrote ${what} to ${path} (${text.length} characters).`;
}

/** The `filename` argument, described alike on every tool that takes it. */
export const Filename = (what: string) =>
  z.string().min(1).max(1_000).optional().describe(`Write ${what} to this file under the server's output folder instead of answering it; the answer names the path.`);
