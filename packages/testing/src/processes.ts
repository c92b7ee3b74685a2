import { readFileSync } from 'node:fs';

/**
 * A process's short name as the kernel keeps it (`/proc/<pid>/comm`, 15 characters), for naming what a
 * test left behind; '?' once it is gone. Liveness and descendants come from `@browser-provider/core/host`
 * (`pidLive`, `descendantsOf`), which leave zombies out.
 */
export function commandName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}
