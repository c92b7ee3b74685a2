import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Finding the binaries a backend runs. Nothing is downloaded: what is not installed is reported missing. */

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
  explicit?: string | undefined;
  /** Environment variable naming the path (e.g. FIREFOX_PATH). */
  envVar?: string;
  /** Names looked up on PATH, in order (an absolute name is checked as it is). */
  names: string[];
  /** Well-known absolute locations, checked last. */
  locations?: string[];
}

/** `name` on the PATH of `env`, or undefined. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** The first executable found: explicit option, then the env var, then PATH, then known locations. */
export function findExecutable(s: ExecutableSearch, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = s.envVar ? env[s.envVar] : undefined;
  for (const p of [s.explicit, fromEnv]) if (p && executable(p)) return p;
  for (const name of s.names) {
    const found = isAbsolute(name) ? (executable(name) ? name : undefined) : onPath(name, env);
    if (found) return found;
  }
  return s.locations?.find(executable);
}

/** First line with a version number of `<bin> --version` (e.g. `Mozilla Firefox 153.8.0esr`), or undefined when it fails. */
export function versionOf(bin: string, timeoutMs = 10_000): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(bin, ['--version'], { timeout: timeoutMs }, (err, stdout) => {
      const line = stdout.split('\n').find((l) => /\d+\.\d+/.test(l));
      resolve(err && !line ? undefined : line?.trim());
    });
  });
}
