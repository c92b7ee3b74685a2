import { existsSync, realpathSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { isInside, safeFileName, type DownloadRecord } from '@browser-provider/core';

/** Largest download kept (bytes); a bigger one is deleted and reported failed. */
export const MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024;

/**
 * Checks a finished download and moves it into the session's own directory under a sanitized,
 * unique name. The browser wrote it into `incoming` (its download folder for the session's user
 * context); a path that resolves anywhere else is refused and left alone (we never delete outside our
 * directories). Pure file-system logic, unit-tested without a browser.
 */
export function finalizeDownload(
  record: DownloadRecord,
  reportedPath: string | undefined,
  incoming: readonly string[],
  dest: string,
  maxBytes = MAX_DOWNLOAD_BYTES,
): DownloadRecord {
  const failed = (reason: string): DownloadRecord => ({ ...record, state: 'failed', reason });
  if (reportedPath === undefined) return failed('the browser did not say where it saved the file');
  let real: string;
  try {
    real = realpathSync(reportedPath);
  } catch {
    return failed('the downloaded file is missing');
  }
  const roots = incoming.flatMap((d) => (existsSync(d) ? [realpathSync(d)] : []));
  if (!roots.some((r) => isInside(r, real) && r !== real)) return failed('path_escape: the browser saved it outside the session download directory');
  const size = statSync(real).size;
  if (size > maxBytes) {
    unlinkSync(real);
    return failed(`too_large: ${size} bytes, the limit is ${maxBytes}`);
  }
  const target = uniquePath(dest, safeFileName(record.suggested_filename || basename(real), 'download'));
  if (real !== target) renameSync(real, target);
  return { ...record, state: 'completed', path: target, size };
}

/** `name`, or `name (2).ext`, … — the first that does not exist in `dir`. */
function uniquePath(dir: string, name: string): string {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let i = 1; ; i++) {
    const p = join(dir, i === 1 ? name : `${stem} (${i})${ext}`);
    if (!existsSync(p)) return p;
  }
}
