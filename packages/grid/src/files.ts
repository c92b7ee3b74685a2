import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { crc32 } from 'node:zlib';
import { ERRORS, raise } from '@browser-provider/core/toolkit';
import { gridRequest, GridReplyError } from './http';

/**
 * `upload.set_files` through a Grid: the browser runs on a node, where a path on this machine means
 * nothing. Each file goes to the node first — Selenium's upload endpoint (`POST /session/<id>/se/file`,
 * a base64 zip holding the file) answers with the path on the node — and the input gets that path.
 */

/** A zip archive holding one file, stored (not deflated): the smallest thing the endpoint accepts. */
export function zipOne(name: string, data: Buffer): Buffer {
  const fileName = Buffer.from(name, 'utf8');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x0800, 6); // UTF-8 name
  local.writeUInt16LE(0, 8); // stored
  local.writeUInt16LE(0, 10); // time
  local.writeUInt16LE(0x21, 12); // date: 1980-01-01
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(0, 10);
  central.writeUInt16LE(0, 12);
  central.writeUInt16LE(0x21, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  // extra, comment, disk, internal and external attributes, offset of the local header: all 0
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + data.length, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** Sends each local file to the session's node; answers the paths there, in order. */
export async function stageOnNode(url: string, sessionId: string, paths: string[], signal: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    const file = zipOne(basename(path), readFileSync(path)).toString('base64');
    let value: unknown;
    try {
      value = await gridRequest(url, 'POST', `/session/${encodeURIComponent(sessionId)}/se/file`, { file }, signal);
    } catch (e) {
      if (e instanceof GridReplyError) {
        throw raise(ERRORS.grid_upload_failed, `The Grid at ${url} did not take the file for the node (${e.message.split('\n')[0]!.slice(0, 200)}).`, undefined, { details: { grid_url: url } });
      }
      throw e;
    }
    // Selenium answers the node's path (as the value, or as `{path}` in some versions).
    const remote = typeof value === 'string' ? value : (value as { path?: unknown } | null)?.path;
    if (typeof remote !== 'string') throw raise(ERRORS.grid_upload_failed, `The Grid at ${url} took the file but answered no path for it on the node: ${JSON.stringify(value).slice(0, 200)}`, undefined, { details: { grid_url: url } });
    out.push(remote);
  }
  return out;
}
