import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { createServer } from 'node:net';

/** Finding binaries, their versions, free ports and the attach endpoint; shared by the BiDi adapters. */

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface ExecutableSearch {
  /** An explicit path (option), checked first. */
  explicit?: string;
  /** Environment variable naming the path (e.g. FIREFOX_PATH). */
  envVar?: string;
  /** Names looked up on PATH, in order. */
  names: string[];
  /** Well-known absolute locations, checked last. */
  locations?: string[];
}

/** The first executable found: explicit option, then env var, then PATH, then known locations. */
export function findExecutable(s: ExecutableSearch): string | undefined {
  const fromEnv = s.envVar ? process.env[s.envVar] : undefined;
  for (const p of [s.explicit, fromEnv]) if (p && executable(p)) return p;
  for (const name of s.names) {
    if (isAbsolute(name)) {
      if (executable(name)) return name;
      continue;
    }
    for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
      if (dir && executable(join(dir, name))) return join(dir, name);
    }
  }
  return s.locations?.find(executable);
}

/** First line of `<bin> --version` (e.g. `Mozilla Firefox 153.8.0esr`), or undefined when it fails. */
export function versionOf(bin: string, timeoutMs = 10_000): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(bin, ['--version'], { timeout: timeoutMs }, (err, stdout) => {
      const line = stdout.split('\n').find((l) => /\d+\.\d+/.test(l));
      resolve(err && !line ? undefined : line?.trim());
    });
  });
}

/** A loopback port that was free a moment ago (bind 0, read, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export const ATTACH_URL_ENV = 'BROWSER_PROVIDER_BIDI_URL';

/**
 * The BiDi endpoint to attach to: the option, else BROWSER_PROVIDER_BIDI_URL. A bare `ws://host:port`
 * gets `/session` appended (the WebDriver BiDi path for a new session).
 */
export function resolveAttachUrl(option: string | undefined): string | undefined {
  const raw = option ?? process.env[ATTACH_URL_ENV];
  if (!raw) return undefined;
  const u = new URL(raw);
  if (u.pathname === '/' || u.pathname === '') u.pathname = '/session';
  return u.toString();
}
