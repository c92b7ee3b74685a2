import { readdirSync } from 'node:fs';
import { findExecutable } from '@browser-provider/core/host';

/**
 * Where the WebKit automation pieces live. Every lookup takes an override from the environment
 * first, then PATH, then the well-known Debian/Ubuntu and macOS locations; nothing is downloaded.
 */

export { onPath } from '@browser-provider/core/host';

export function findWebKitWebDriver(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return findExecutable({ envVar: 'WEBKIT_WEBDRIVER_PATH', names: ['WebKitWebDriver'], locations: ['/usr/bin/WebKitWebDriver'] }, env);
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
  return findExecutable({ names: [], locations: miniBrowserCandidates(env) }, env);
}

export function findXvfb(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return findExecutable({ envVar: 'XVFB_PATH', names: ['Xvfb'], locations: ['/usr/bin/Xvfb'] }, env);
}

export function findSafariDriver(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return findExecutable({ envVar: 'SAFARIDRIVER_PATH', names: ['/usr/bin/safaridriver', 'safaridriver'] }, env);
}
