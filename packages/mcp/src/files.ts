import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, mkdtemp, open, readlink, realpath, stat, unlink, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { CallError } from './link';

/**
 * The files an MCP session writes (its `filename` outputs) and reads (storage state, code). Each MCP
 * session has a private folder of its own under the server's output root, so one client can neither
 * read, overwrite nor probe another's files; it reads only what it wrote, or what a person placed in a
 * configured input folder. Every path is walked one level at a time without following links, and the
 * opened file is checked for where it really is before a byte is written.
 */

/** Per MCP session, unless `--output-quota-mb` says otherwise: generous for PDFs and screenshots, bounded for a loop. */
export const DEFAULT_OUTPUT_QUOTA_BYTES = 256 * 1024 * 1024;
/** The longest name of one path level on the file systems we run on (NAME_MAX), in bytes. */
const NAME_MAX_BYTES = 255;
/** The sticky bit of a folder's mode (S_ISVTX), which Node's `constants` does not export. */
const STICKY = 0o1000;

let defaultRoot: Promise<string> | undefined;

/** With no `--output-dir`: one fresh private folder per process (mkdtemp, mode 0700), never a guessable path. */
export function defaultOutputRoot(): Promise<string> {
  defaultRoot ??= mkdtemp(join(tmpdir(), 'browser-provider-mcp-')).then((d) => realpath(d));
  return defaultRoot;
}

const uid = (): number | undefined => process.getuid?.();

const roots = new Map<string, Promise<string>>();

/**
 * The output root for `dir` (checked once per process, then its real path), or the default one. A
 * root that fails the check refuses every write with `setup_required`, naming why.
 */
export function outputRoot(dir: string | undefined): () => Promise<string> {
  if (dir === undefined) return defaultOutputRoot;
  return () => {
    let root = roots.get(dir);
    if (root === undefined) {
      root = prepareRoot(dir, '--output-dir', true).catch((e: unknown) => {
        roots.delete(dir);
        throw new CallError({ code: 'setup_required', message: (e as Error).message, retryable: false, details: { code: 'output_dir_unsafe' } });
      });
      roots.set(dir, root);
    }
    return root;
  };
}

/** Why a folder may not hold this server's files: another user owns it, or others may write in it. */
function unsafeFolder(st: Stats, me: number | undefined, isRoot: boolean): string | undefined {
  if (me !== undefined && st.uid !== me && !(st.uid === 0 && !isRoot)) return `is owned by uid ${st.uid}, not by this user (${me})`;
  // A folder others may write in lets them rename or replace what is inside; the sticky bit (as on
  // /tmp) forbids that for entries they do not own, so an ancestor with it is safe.
  if ((st.mode & 0o022) !== 0 && (isRoot || (st.mode & STICKY) === 0)) return `can be written by other users (mode ${(st.mode & 0o777).toString(8)})`;
  return undefined;
}

/**
 * A configured output or input root: made if missing, then refused unless this user owns it and no
 * other user can write to it or to a folder above it (the way ssh checks a key's folders). Answers its
 * real path, which the server uses from then on, so a link swapped later changes nothing.
 */
export async function prepareRoot(dir: string, flag: string, create: boolean): Promise<string> {
  if (create) await mkdir(dir, { recursive: true, mode: 0o700 });
  const real = await realpath(dir).catch((e: NodeJS.ErrnoException) => {
    throw new Error(`${flag} ${dir}: ${e.code === 'ENOENT' ? 'no such folder' : (e.code ?? e.message)}`);
  });
  const me = uid();
  for (let d = real, isRoot = true; ; isRoot = false) {
    const st = await stat(d);
    if (isRoot && !st.isDirectory()) throw new Error(`${flag} ${dir}: not a folder`);
    const why = unsafeFolder(st, me, isRoot);
    if (why !== undefined) throw new Error(`${flag} ${dir}: ${d === real ? 'the folder' : `the folder above it, ${d},`} ${why}; choose a folder only you can write`);
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  return real;
}

/** The name as an answer may show it: control and direction characters escaped, and capped. */
export function shownName(name: string): string {
  const safe = name.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return JSON.stringify(safe.length > 120 ? `${safe.slice(0, 120)}…` : safe).replace(/\\\\u/g, '\\u');
}

const refused = (filename: string, why: string, code = 'path_escape') =>
  new CallError({
    code: 'permission_denied',
    message: `filename: ${shownName(filename)} ${why}; files are written in this session's folder under the server's output folder only (--output-dir).`,
    retryable: false,
    details: { code, field: 'filename' },
  });

const badName = (filename: string, why: string) =>
  new CallError({ code: 'invalid_request', message: `filename: ${shownName(filename)} ${why}.`, retryable: false, details: { code: 'invalid_params', field: 'filename' } });

const UNPRINTABLE = /[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The levels of a relative name, refused before anything is created: `..`, NUL, control or direction characters, over-long levels. */
function levels(filename: string): string[] {
  if (filename.includes('\0')) throw refused(filename, 'holds a NUL byte');
  if (UNPRINTABLE.test(filename)) throw badName(filename, 'holds a control or text-direction character; use plain characters');
  const parts = filename.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw refused(filename, 'climbs out with ..');
  if (parts.length === 0) throw refused(filename, 'names the folder itself, not a file in it');
  const long = parts.find((p) => Buffer.byteLength(p) > NAME_MAX_BYTES);
  if (long !== undefined) throw badName(filename, `has a level of ${Buffer.byteLength(long)} bytes; each level of a name takes at most ${NAME_MAX_BYTES}`);
  return parts;
}

const inside = (root: string, path: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/** Where an open file really is (Linux: its /proc link); undefined where the system cannot tell. */
async function locate(fh: FileHandle): Promise<string | undefined> {
  return readlink(`/proc/self/fd/${fh.fd}`).catch(() => undefined);
}

/** Walks `parts` below `root` one level at a time, never through a link; makes missing folders when writing. */
async function walk(root: string, parts: readonly string[], filename: string, create: boolean): Promise<string | undefined> {
  let cur = root;
  for (const part of parts.slice(0, -1)) {
    const next = join(cur, part);
    let st = await lstat(next).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : Promise.reject(e)));
    if (st === undefined) {
      if (!create) return undefined;
      await mkdir(next, { mode: 0o700 }).catch((e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? undefined : Promise.reject(e)));
      st = await lstat(next);
    }
    if (st.isSymbolicLink()) throw refused(filename, 'leads outside the output folder through a link');
    if (!st.isDirectory()) throw badName(filename, `uses ${shownName(part)} as a folder, but it is a file`);
    cur = next;
  }
  return join(cur, parts[parts.length - 1] as string);
}

export interface SessionFilesOptions {
  /** The output root (already checked); default: a private folder of this process in the temp dir. */
  root?: () => Promise<string>;
  /** Folders a person placed input files in (real paths, already checked); read-only. */
  inputDirs?: readonly string[];
  quotaBytes?: number;
}

/** One MCP session's private folder, its quota, and the input folders it may read. */
export class SessionFiles {
  #dir: Promise<string> | undefined;
  #used = 0;
  readonly #root: () => Promise<string>;
  readonly inputDirs: readonly string[];
  readonly quotaBytes: number;

  constructor(options: SessionFilesOptions = {}) {
    this.#root = options.root ?? defaultOutputRoot;
    this.inputDirs = options.inputDirs ?? [];
    this.quotaBytes = options.quotaBytes ?? DEFAULT_OUTPUT_QUOTA_BYTES;
  }

  /** The session's folder, made private (mode 0700) on first use. */
  dir(): Promise<string> {
    this.#dir ??= this.#root().then(async (root) => realpath(await mkdtemp(join(root, 'session-'))));
    return this.#dir;
  }

  /** Bytes this session's files hold now. */
  get used(): number {
    return this.#used;
  }

  /** The levels of `filename` below `base`: relative, or absolute inside `base`. */
  #within(base: string, filename: string): string[] | undefined {
    if (!isAbsolute(filename)) return levels(filename);
    const rel = relative(base, filename);
    return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : levels(rel);
  }

  /** Writes `data` to `filename` in the session's folder and answers its real path. */
  async write(filename: string, data: string | Uint8Array): Promise<string> {
    const dir = await this.dir();
    const parts = this.#within(dir, filename);
    if (parts === undefined) throw refused(filename, 'is outside the output folder');
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const path = (await walk(dir, parts, filename, true)) as string;
    const flags = constants.O_WRONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
    let created = true;
    const fh = await open(path, flags | constants.O_CREAT | constants.O_EXCL, 0o600)
      .catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') return Promise.reject(e);
        created = false;
        return open(path, flags);
      })
      .catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ELOOP') throw refused(filename, 'is a link');
        if (e.code === 'EISDIR') throw badName(filename, 'is a folder');
        throw e;
      });
    try {
      const st = await fh.stat();
      const where = await locate(fh);
      const why = !st.isFile()
        ? 'is not a regular file'
        : where !== undefined && !inside(dir, where)
          ? 'leads outside the output folder through a link'
          : st.nlink > 1
            ? 'has another link to it (a hard link); refusing to write through it'
            : undefined;
      const old = created ? 0 : st.size;
      const quota = why === undefined && this.#used - old + bytes.length > this.quotaBytes;
      if (why !== undefined || quota) {
        if (created) await unlink(where ?? path).catch(() => undefined);
        if (why !== undefined) throw refused(filename, why, why.includes('link') ? 'path_escape' : 'not_a_file');
        throw new CallError({
          code: 'permission_denied',
          message: `filename: writing ${bytes.length} bytes would take this session's files past their quota of ${this.quotaBytes} bytes (${this.#used} used); overwrite an earlier file's name, or start the server with a larger --output-quota-mb.`,
          retryable: false,
          details: { code: 'output_quota', field: 'filename', limit: this.quotaBytes, used: this.#used },
        });
      }
      await fh.truncate(0);
      await fh.writeFile(bytes);
      this.#used += bytes.length - old;
      return where ?? path;
    } finally {
      await fh.close();
    }
  }

  /**
   * Reads `filename`: from the session's own folder, else from the input folders in order. A file over
   * `maxBytes` is refused before it is read. The answer never echoes another file's content or an OS code.
   */
  async read(filename: string, maxBytes: number): Promise<Buffer> {
    const bases = [await this.dir(), ...this.inputDirs];
    for (const base of bases) {
      const parts = this.#within(base, filename);
      if (parts === undefined) continue;
      const path = await walk(base, parts, filename, false);
      if (path === undefined) continue;
      const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return undefined;
        if (e.code === 'ELOOP') throw refused(filename, 'is a link');
        throw badName(filename, 'cannot be read');
      });
      if (fh === undefined) continue;
      try {
        const st = await fh.stat();
        const where = await locate(fh);
        if (!st.isFile()) throw badName(filename, 'is not a regular file');
        if (where !== undefined && !inside(base, where)) throw refused(filename, 'leads outside the output folder through a link');
        if (st.size > maxBytes) {
          throw new CallError({ code: 'invalid_request', message: `filename: ${shownName(filename)} holds ${st.size} bytes; this tool reads at most ${maxBytes}.`, retryable: false, details: { code: 'too_large', field: 'filename', limit: maxBytes } });
        }
        const buf = Buffer.alloc(st.size);
        const { bytesRead } = await fh.read(buf, 0, st.size, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await fh.close();
      }
    }
    const where = this.inputDirs.length > 0 ? "this session's output folder or the input folders (--input-dir)" : "this session's output folder (files this session wrote); a person can place files for it under an --input-dir";
    throw badName(filename, `is not in ${where}`);
  }
}
