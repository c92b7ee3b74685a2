import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionFolder } from '../backend';

/**
 * A session's private temporary folder (inline uploads, downloads): made on first use, removed with
 * everything in it when the session closes. Synchronous so `dispose` also works in exit handlers.
 */
export class ScratchDir implements SessionFolder {
  #path: string | undefined;
  #disposed = false;

  constructor(private readonly prefix: string) {}

  /** The folder, once made. */
  get path(): string | undefined {
    return this.#path;
  }

  /** A sub-folder (made if missing), or the folder itself. Refused after dispose. */
  dir(sub = ''): string {
    if (this.#disposed) throw new Error('this session folder was already removed');
    this.#path ??= mkdtempSync(join(tmpdir(), this.prefix));
    const d = sub === '' ? this.#path : join(this.#path, sub);
    mkdirSync(d, { recursive: true });
    return d;
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#path !== undefined) rmSync(this.#path, { recursive: true, force: true });
  }
}
