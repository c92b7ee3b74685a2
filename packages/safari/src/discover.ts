import { accessSync, constants, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Where the WebKit automation pieces live. Every lookup takes an override from the environment
 * first, then PATH, then the well-known Debian/Ubuntu and macOS locations; nothing is downloaded.
 */

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

function firstExecutable(candidates: (string | undefined)[]): string | undefined {
  return candidates.find((c): c is string => c !== undefined && c !== '' && executable(c));
}

export function findWebKitWebDriver(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return firstExecutable([env.WEBKIT_WEBDRIVER_PATH, onPath('WebKitWebDriver', env), '/usr/bin/WebKitWebDriver']);
}

/** MiniBrowser is not on PATH on Debian: it sits in the multiarch WebKitGTK library directory. */
export function miniBrowserCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  const out: string[] = [];
  if (env.MINIBROWSER_PATH) out.push(env.MINIBROWSER_PATH);
  try {
    for (const arch of readdirSync('/usr/lib')) {
      out.push(`/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`, `/usr/lib/${arch}/webkitgtk-6.0/MiniBrowser`);
    }
  } catch {
    // No /usr/lib (macOS): nothing to add.
  }
  out.push('/usr/libexec/webkit2gtk-4.1/MiniBrowser', '/usr/libexec/webkitgtk-6.0/MiniBrowser');
  return out;
}

export function findMiniBrowser(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return firstExecutable(miniBrowserCandidates(env));
}

export function findXvfb(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return firstExecutable([env.XVFB_PATH, onPath('Xvfb', env), '/usr/bin/Xvfb']);
}

export function findSafariDriver(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return firstExecutable([env.SAFARIDRIVER_PATH, '/usr/bin/safaridriver', onPath('safaridriver', env)]);
}
