import { realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { ParamsOf, Repair, ResultOf } from '@browser-provider/protocol';
import type { PathKind } from '../custom-method';
import { ProviderError } from '../errors';
import type { PageHandle } from '../page';
import type { Provider } from '../provider';
import { staleRef } from '../repair';
import type { Session } from '../session';
import { call } from './frames';
import { resolveTarget } from './targets';

/** Most bytes one `upload.set_files` call may carry inline (decoded). */
export const MAX_INLINE_BYTES = 50 * 1024 * 1024;

let uploadCounter = 0;

/** Whether `path` (already resolved) is `root` or inside it. */
export function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}


export interface PathPolicy {
  /** `file` (the default) or `directory` (an unpacked extension). */
  kind?: PathKind;
  /** The repair of a refusal: how to do without a server path. */
  repair?: Repair;
}

const UPLOAD_REPAIR: Repair = {
  method: 'upload.set_files',
  params: {},
  hint: 'Send the file inline as {name, data_base64}, or ask the operator to start the server with --upload-root <dir>.',
};

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
    new ProviderError('permission_denied', `${field}: ${why}`, {
      detail: 'path_not_allowed',
      details: { field, upload_roots: roots.length },
      repair: policy.repair ?? UPLOAD_REPAIR,
    });
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
  if (!exists) throw new ProviderError('invalid_request', `${field}: no such ${kind}`, { detail: 'file_not_found', details: { field } });
  const isKind = kind === 'file' ? statSync(real).isFile() : statSync(real).isDirectory();
  if (!isKind) throw new ProviderError('invalid_request', `${field}: not a ${kind === 'file' ? 'regular file' : 'directory'}`, { detail: kind === 'file' ? 'not_a_file' : 'not_a_directory', details: { field } });
  return real;
}

/** A file name safe to create in our directory: no separators, no `..`, no control characters, ≤ 255 bytes. */
export function safeFileName(name: string, fallback = 'file'): string {
  let s = name.replace(/[\\/]/g, '_').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  s = s.replace(/^\.+/, (dots) => '_'.repeat(dots.length));
  while (Buffer.byteLength(s) > 255) s = s.slice(0, -1);
  return s === '' ? fallback : s;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export async function setFiles(provider: Provider, session: Session, page: PageHandle, p: ParamsOf<'upload.set_files'>, signal: AbortSignal): Promise<ResultOf<'upload.set_files'>> {
  const backend = page.backend;
  if (backend.setFiles === undefined) throw new ProviderError('unsupported_method', 'This engine cannot set files.', { detail: 'unknown_method' });
  const target = await resolveTarget(session, page, 'upload.set_files', p, signal);
  const input = await call(page, target.frame, 'fileInput', [target.doc, target.id], signal);
  if (!input.ok) {
    if (input.code === 'stale_ref') throw staleRef(session.id, page.id, target.ref, 'it was removed from the page');
    throw new ProviderError('element_not_actionable', `Element ${target.ref} cannot take files: ${input.message}`, {
      detail: input.code,
      details: { element_ref: target.ref },
      repair: { method: 'page.snapshot', params: { session_id: session.id, page_id: page.id }, hint: 'Pick the <input type=file> from a new snapshot (it may be hidden behind a styled button).' },
    });
  }
  if (p.files.length > 1 && !input.multiple) {
    throw new ProviderError('invalid_request', `files: the input takes one file, ${p.files.length} were given`, { detail: 'invalid_params', details: { field: 'files' } });
  }
  // Check everything before writing anything.
  const roots = provider.options.uploadRoots ?? [];
  let inlineBytes = 0;
  const plan = p.files.map((f, i): { path: string } | { name: string; data: string } => {
    if ('path' in f) return { path: allowedPath(roots, f.path, `files.${i}.path`) };
    const b64 = f.data_base64.replace(/\s+/g, '');
    if (b64.length % 4 === 1 || !BASE64.test(b64)) {
      throw new ProviderError('invalid_request', `files.${i}.data_base64: not base64`, { detail: 'invalid_params', details: { field: `files.${i}.data_base64` } });
    }
    // The decoded size exactly: padding stands for no bytes (a 50 MiB file is 50 MiB, not one more).
    inlineBytes += Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
    if (inlineBytes > MAX_INLINE_BYTES) {
      throw new ProviderError('invalid_request', `files: more than ${MAX_INLINE_BYTES} bytes inline`, {
        detail: 'payload_too_large',
        details: { field: 'files', limit_bytes: MAX_INLINE_BYTES },
        repair: { method: 'upload.set_files', params: {}, hint: 'Send fewer or smaller files in one call, or a path under an --upload-root.' },
      });
    }
    return { name: safeFileName(f.name), data: b64 };
  });
  const paths = plan.map((f) => {
    if ('path' in f) return f.path;
    const scratch = session.backend.scratch;
    if (scratch === undefined) throw new ProviderError('unsupported_method', 'This engine cannot take inline files.', { detail: 'unknown_method' });
    // One directory per file keeps two files of the same name apart.
    const path = join(scratch.dir(`uploads/${++uploadCounter}`), f.name);
    writeFileSync(path, Buffer.from(f.data, 'base64'), { mode: 0o600 });
    return path;
  });
  const staged = session.backend.stageFiles ? await session.backend.stageFiles(paths, signal) : paths;
  await backend.setFiles(target.frame, target.doc, target.id, staged, signal);
  return { page_id: page.id, files: paths.length };
}
