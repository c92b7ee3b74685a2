import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import { ProviderError } from '../errors';
import { MAX_INLINE_BYTES } from '../limits';
import type { PageHandle } from '../page';
import type { Provider } from '../provider';
import { staleRef } from '../repair';
import type { Session } from '../session';
import { allowedPath, safeFileName } from '../toolkit/paths';
import { call } from './frames';
import { resolveTarget } from './targets';

let uploadCounter = 0;

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
