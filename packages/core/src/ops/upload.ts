import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { ERRORS, raise } from '../catalog';
import { MAX_INLINE_BYTES } from '../state/limits';
import type { PageHandle } from '../state/page';
import type { Provider } from '../provider';
import { staleRef } from '../catalog/repair';
import type { Session } from '../state/session';
import { allowedPath, safeFileName } from '../toolkit/paths';
import { call } from './frames';
import { resolveTarget } from './targets';

let uploadCounter = 0;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export async function setFiles(provider: Provider, session: Session, page: PageHandle, p: ParamsOf<'upload.set_files'>, signal: AbortSignal): Promise<ResultOf<'upload.set_files'>> {
  const backend = page.backend;
  if (backend.setFiles === undefined) throw raise(ERRORS.unknown_method, 'This engine cannot set files.', undefined);
  const target = await resolveTarget(session, page, 'upload.set_files', p, signal);
  const input = await call(page, target.frame, 'fileInput', [target.doc, target.id], signal);
  if (!input.ok) {
    if (input.code === 'stale_ref') throw staleRef(session.id, page.id, target.ref, 'it was removed from the page');
    throw raise(ERRORS[input.code], `Element ${target.ref} cannot take files: ${input.message}`, { session_id: session.id, page_id: page.id }, { details: { element_ref: target.ref } });
  }
  if (p.files.length > 1 && !input.multiple) {
    throw raise(ERRORS.invalid_params, `files: the input takes one file, ${p.files.length} were given`, undefined, { details: { field: 'files' } });
  }
  // Check everything before writing anything.
  const roots = provider.options.uploadRoots ?? [];
  let inlineBytes = 0;
  const plan = p.files.map((f, i): { path: string } | { name: string; data: string } => {
    if ('path' in f) return { path: allowedPath(roots, f.path, `files.${i}.path`) };
    const b64 = f.data_base64.replace(/\s+/g, '');
    if (b64.length % 4 === 1 || !BASE64.test(b64)) {
      throw raise(ERRORS.invalid_params, `files.${i}.data_base64: not base64`, undefined, { details: { field: `files.${i}.data_base64` } });
    }
    // The decoded size exactly: padding stands for no bytes (a 50 MiB file is 50 MiB, not one more).
    inlineBytes += Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
    if (inlineBytes > MAX_INLINE_BYTES) {
      throw raise(ERRORS.payload_too_large, `files: more than ${MAX_INLINE_BYTES} bytes inline`, undefined, { details: { field: 'files', limit_bytes: MAX_INLINE_BYTES } });
    }
    return { name: safeFileName(f.name), data: b64 };
  });
  const paths = plan.map((f) => {
    if ('path' in f) return f.path;
    const scratch = session.backend.scratch;
    if (scratch === undefined) throw raise(ERRORS.unknown_method, 'This engine cannot take inline files.', undefined);
    // One directory per file keeps two files of the same name apart.
    const path = join(scratch.dir(`uploads/${++uploadCounter}`), f.name);
    writeFileSync(path, Buffer.from(f.data, 'base64'), { mode: 0o600 });
    return path;
  });
  const staged = session.backend.stageFiles ? await session.backend.stageFiles(paths, signal) : paths;
  await backend.setFiles(target.frame, target.doc, target.id, staged, signal);
  return { page_id: page.id, files: paths.length };
}
