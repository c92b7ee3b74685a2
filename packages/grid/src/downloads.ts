import { inflateRawSync } from 'node:zlib';
import type { RemoteDownloads } from '@browser-provider/bidi';
import { gridRequest } from './http';

/**
 * Selenium's managed downloads: a session made with `se:downloadsEnabled` on a node started with
 * `--enable-managed-downloads` saves its downloads in a folder of the node's, which
 * `/session/<id>/se/files` lists (GET) and hands out one file at a time as a base64 zip (POST
 * `{name}`). The browser's `downloadEnd` names the node's path; its file name is what the node lists.
 * (DELETE on the same endpoint empties the folder; we leave that to the node, which removes the folder
 * with the session: emptying it earlier could take a download still being written.)
 */

/** Reads one entry of a zip archive by its central directory (sizes are there even when the entry streamed). */
export function unzipOne(zip: Buffer): { name: string; data: Buffer } {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip archive (no end of central directory)');
  const central = zip.readUInt32LE(eocd + 16);
  if (zip.readUInt32LE(central) !== 0x02014b50) throw new Error('not a zip archive (bad central directory)');
  const method = zip.readUInt16LE(central + 10);
  const compressed = zip.readUInt32LE(central + 20);
  const size = zip.readUInt32LE(central + 24);
  const nameLength = zip.readUInt16LE(central + 28);
  const name = zip.toString('utf8', central + 46, central + 46 + nameLength);
  const local = zip.readUInt32LE(central + 42);
  if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('not a zip archive (bad local header)');
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const raw = zip.subarray(start, start + compressed);
  const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : undefined;
  if (data === undefined) throw new Error(`zip entry ${name}: compression method ${method} is not stored or deflated`);
  if (data.length !== size) throw new Error(`zip entry ${name}: ${data.length} bytes, the archive says ${size}`);
  return { name, data };
}

/** The last part of a node's path, whether the node is POSIX or Windows. */
export function nodeFileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** How often, and how many times, to look for a file the browser just reported finished. */
const LIST_TRIES = 10;
const LIST_PAUSE_MS = 200;

export function gridDownloads(url: string, sessionId: string): RemoteDownloads {
  const files = `/session/${encodeURIComponent(sessionId)}/se/files`;
  return {
    async fetch(remotePath, signal) {
      const name = nodeFileName(remotePath);
      for (let i = 1; ; i++) {
        const listed = (await gridRequest(url, 'GET', files, undefined, signal)) as { names?: unknown } | null;
        const names = Array.isArray(listed?.names) ? listed.names : [];
        if (names.includes(name)) break;
        if (i >= LIST_TRIES) throw new Error(`the Grid node lists no downloaded file ${JSON.stringify(name)} for the session`);
        await new Promise((r) => setTimeout(r, LIST_PAUSE_MS));
      }
      const got = (await gridRequest(url, 'POST', files, { name }, signal)) as { contents?: unknown } | null;
      if (typeof got?.contents !== 'string') throw new Error(`the Grid answered no contents for ${JSON.stringify(name)}`);
      return unzipOne(Buffer.from(got.contents, 'base64')).data;
    },
  };
}
