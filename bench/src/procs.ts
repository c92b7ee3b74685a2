import { readFileSync } from 'node:fs';
import { findExecutable } from '@browser-provider/core/host';
import { CHROME_SEARCH, CHROMEDRIVER_SEARCH } from '@browser-provider/chrome';
import { FIREFOX_SEARCH } from '@browser-provider/firefox';

/** Resident set size of one process in MB (Linux /proc), or undefined elsewhere. */
export function rssMb(pid: number): number | undefined {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The binaries the bench launches for the floor and the peers: found as our providers find them. */
export const BINARIES = {
  firefox: () => findExecutable(FIREFOX_SEARCH),
  chromium: () => findExecutable(CHROME_SEARCH),
  chromedriver: () => findExecutable(CHROMEDRIVER_SEARCH),
};
