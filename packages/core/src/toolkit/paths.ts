import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { PathKind } from '../backend';
import { ERRORS, raise } from '../catalog';

/**
 * Paths on the server's disk: confining a client's path to the allowed roots (`upload.set_files`,
 * an engine's path-taking custom methods) and making names safe to create (inline uploads, downloads).
 */

/** Whether `path` (already resolved) is `root` or inside it. */
export function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

export interface PathPolicy {
  /** `file` (the default) or `directory` (an unpacked extension). */
  kind?: PathKind;
  /** The method the path was given to (`upload.set_files` by default): a refusal's repair sends its content inline instead. */
  method?: string;
}

/**
 * The real path of `path`, or for a path that does not exist, the real path of its deepest existing
 * ancestor with the rest appended: so a missing file is placed (inside or outside a root) exactly as
 * an existing one would be, and `..` or a link in its parents cannot move it.
 */
function realOrPlaced(path: string): { real: string; exists: boolean } {
  let head = resolve(path);
  const rest: string[] = [];
  for (;;) {
    try {
      return { real: join(realpathSync(head), ...rest), exists: rest.length === 0 };
    } catch {
      const up = dirname(head);
      if (up === head) return { real: resolve(path), exists: false };
      rest.unshift(basename(head));
      head = up;
    }
  }
}

/**
 * Resolves a client path against the server's allowed roots (`--upload-root`): symlinks and `..` are
 * resolved with realpath first, so a link inside a root that points outside it is refused too. No
 * roots → every path is refused (the default: a client may not read the server's files unless the
 * operator says so). A path outside the roots is refused the same way whether or not it exists, and
 * no OS message is passed on, so a refusal never tells which files the server has.
 */
export function allowedPath(roots: readonly string[], path: string, field: string, policy: PathPolicy = {}): string {
  const kind = policy.kind ?? 'file';
  const refuse = (why: string) =>
    raise(ERRORS.path_not_allowed, `${field}: ${why}`, { method: policy.method ?? 'upload.set_files' }, { details: { field, upload_roots: roots.length } });
  if (roots.length === 0) throw refuse('reading server files by path is disabled (the server has no --upload-root)');
  const { real, exists } = realOrPlaced(path);
  const realRoots = roots.flatMap((r) => {
    try {
      return [realpathSync(r)];
    } catch {
      return [];
    }
  });
  if (!realRoots.some((r) => isInside(r, real))) throw refuse(`the ${kind} is outside the allowed upload roots`);
  if (!exists) throw raise(ERRORS.file_not_found, `${field}: no such ${kind}`, undefined, { details: { field } });
  const isKind = kind === 'file' ? statSync(real).isFile() : statSync(real).isDirectory();
  if (!isKind) throw raise(kind === 'file' ? ERRORS.not_a_file : ERRORS.not_a_directory, `${field}: not a ${kind === 'file' ? 'regular file' : 'directory'}`, undefined, { details: { field } });
  return real;
}

/** A file name safe to create in our directory: no separators, no `..`, no control characters, ≤ 255 bytes. */
export function safeFileName(name: string, fallback = 'file'): string {
  let s = name.replace(/[\\/]/g, '_').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  s = s.replace(/^\.+/, (dots) => '_'.repeat(dots.length));
  while (Buffer.byteLength(s) > 255) s = s.slice(0, -1);
  return s === '' ? fallback : s;
}
