import { existsSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { DownloadRecord } from '@browser-provider/core/backend';
import { isInside, safeFileName } from '@browser-provider/core/toolkit';

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

/**
 * Keeps a download the browser saved on another machine (a Grid node), fetched as bytes: the same
 * size limit and the same sanitized, unique name in the session's directory as a local one.
 */
export function keepFetchedDownload(record: DownloadRecord, data: Buffer, dest: string, maxBytes = MAX_DOWNLOAD_BYTES): DownloadRecord {
  if (data.length > maxBytes) return { ...record, state: 'failed', reason: `too_large: ${data.length} bytes, the limit is ${maxBytes}` };
  const target = uniquePath(dest, safeFileName(record.suggested_filename, 'download'));
  writeFileSync(target, data, { flag: 'wx' });
  return { ...record, state: 'completed', path: target, size: data.length };
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

/**
 * A session's downloads, one record each, in the order they began. The browser's key for a download
 * is not unique: Firefox 153 sends no `download` id and gives every download a click starts the same
 * `navigation` id (50 `data:` downloads from one click shared one), so records are held by our own
 * id and a `downloadEnd` is matched to the oldest unfinished download of that key with the same URL
 * (else of that key), never to one already finished.
 */
export class DownloadLedger {
  readonly #records = new Map<string, DownloadRecord>();
  /** Unfinished downloads by the browser's key, oldest first: our ids and their URLs. */
  readonly #open = new Map<string, Array<{ id: string; url: string }>>();
  #counter = 0;

  constructor(private readonly max: number) {}

  list(): DownloadRecord[] {
    return [...this.#records.values()].map((d) => ({ ...d }));
  }

  begin(key: string, url: string, suggestedFilename: string): DownloadRecord {
    const record: DownloadRecord = { download_id: `dl_${++this.#counter}`, url, suggested_filename: suggestedFilename, state: 'in_progress' };
    this.#records.set(record.download_id, record);
    this.#open.set(key, [...(this.#open.get(key) ?? []), { id: record.download_id, url }]);
    while (this.#records.size > this.max) this.#forget(this.#records.keys().next().value as string);
    return record;
  }

  /** The unfinished download a `downloadEnd` of `key` (and `url`, when given) is about, now no longer open. */
  end(key: string, url: string | undefined): DownloadRecord | undefined {
    const open = this.#open.get(key);
    if (open === undefined) return undefined;
    const at = Math.max(0, url === undefined ? 0 : open.findIndex((o) => o.url === url));
    const [hit] = open.splice(at, 1);
    if (open.length === 0) this.#open.delete(key);
    return hit === undefined ? undefined : this.#records.get(hit.id);
  }

  /** Replaces a record (its finished state); a record already forgotten stays forgotten. */
  update(record: DownloadRecord): void {
    if (this.#records.has(record.download_id)) this.#records.set(record.download_id, record);
  }

  #forget(id: string): void {
    this.#records.delete(id);
    for (const [key, open] of this.#open) {
      const rest = open.filter((o) => o.id !== id);
      if (rest.length === 0) this.#open.delete(key);
      else this.#open.set(key, rest);
    }
  }
}
