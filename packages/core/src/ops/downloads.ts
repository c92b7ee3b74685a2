import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import type { DownloadRecord } from '../backend';
import { sleep } from '../toolkit/deadline';
import { ERRORS, raise } from '../catalog';
import type { Session } from '../state/session';

type DownloadInfo = ResultOf<'download.wait'>;

/** The protocol's view of a download (our `reason` goes to warnings, not into the draft's shape). */
const view = (d: DownloadRecord): DownloadInfo => ({
  download_id: d.download_id,
  url: d.url,
  suggested_filename: d.suggested_filename,
  state: d.state,
  ...(d.path !== undefined ? { path: d.path } : {}),
  ...(d.size !== undefined ? { size: d.size } : {}),
});

function records(session: Session): DownloadRecord[] {
  if (session.backend.downloads === undefined) throw raise(ERRORS.unknown_method, 'This engine cannot observe downloads.', undefined);
  return session.backend.downloads();
}

export function listDownloads(session: Session): ResultOf<'download.list'> {
  return { downloads: records(session).map(view) };
}

/**
 * Waits until a download has finished: `download_id`, or else the oldest one not yet answered by a
 * `download.wait` without an id (it may have finished before the call). Bounded by the call's deadline.
 */
export async function waitDownload(session: Session, p: ParamsOf<'download.wait'>, warnings: string[], signal: AbortSignal): Promise<ResultOf<'download.wait'>> {
  const seen = session.deliveredDownloads;
  for (;;) {
    const all = records(session);
    const d = p.download_id !== undefined ? all.find((r) => r.download_id === p.download_id) : all.find((r) => !seen.has(r.download_id));
    if (p.download_id !== undefined && d === undefined) {
      throw raise(ERRORS.unknown_download, `download_id: no download ${JSON.stringify(p.download_id)} in this session`, { session_id: session.id }, { details: { field: 'download_id' } });
    }
    if (d !== undefined && d.state !== 'in_progress') {
      seen.add(d.download_id);
      if (d.reason !== undefined) warnings.push(`download ${d.download_id} ${d.state}: ${d.reason}`);
      return view(d);
    }
    await sleep(100, signal);
  }
}
