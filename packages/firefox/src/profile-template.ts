import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { BidiBrowser, type LaunchedBrowser } from '@browser-provider/bidi';
import { acquireProfileLock, pidLive } from '@browser-provider/core/host';
import { raceSignal } from '@browser-provider/core/toolkit';
import { userJs } from './prefs';

/**
 * A warm start for Firefox's throw-away profiles. In an empty profile Firefox first compiles its own
 * JavaScript into `startupCache/`, imports its remote-settings data into `storage/permanent/`, and
 * writes its add-on, search and certificate registries. Measured on Firefox 153 ESR (2 cores, six
 * alternated pairs, medians), a server's start, session, page.open, snapshot and close took 5.0 s and
 * 5.6 CPU-s from an empty profile, 3.9 s and 4.0 CPU-s from a copy of those files.
 *
 * The copy comes from a template that a Firefox of our own builds once per binary and prefs: an empty
 * profile that loaded nothing but about:blank and quit through `browser.close` (a killed Firefox
 * writes no script cache). Only the files below are kept, so no cookie, history, login key, session
 * or telemetry id of any profile is ever copied; a session's own profile never becomes a template.
 * Persistent profiles (`persist`) are not seeded: they warm themselves on their first run. A failed
 * build leaves `<template>.failed` and is not tried again until that file is deleted.
 */

export const CACHE_DIR_ENV = 'BROWSER_PROVIDER_CACHE_DIR';

/**
 * What a template keeps: caches and registries, no user data (no prefs.js either: it holds ids).
 * Not the content processes' script cache (`scriptCache-child.bin`): with it, snapshots were slower
 * for the browser's whole life (interactive 1.13–1.23×, full 1.01–1.16× in four alternated
 * `pnpm bench --compare` runs against no template); without it 0.86–1.11× and 0.83–1.25×, noise
 * around 1, and the start keeps most of its gain (the parent's cache is the larger part).
 */
export const TEMPLATE_FILES = [
  'startupCache/scriptCache.bin',
  'startupCache/startupCache.8.little',
  'startupCache/urlCache.bin',
  'startupCache/webext.sc.lz4',
  'compatibility.ini',
  'addonStartup.json.lz4',
  'extensions.json',
  'extension-preferences.json',
  'search.json.mozlz4',
  'cert9.db',
  'pkcs11.txt',
  'security_state',
  'storage/permanent',
  'storage/ls-archive.sqlite',
  'storage.sqlite',
  'permissions.sqlite',
  'content-prefs.sqlite',
  'containers.json',
  'handlers.json',
  'xulstore.json',
] as const;

/** `$BROWSER_PROVIDER_CACHE_DIR` (empty or `off`: no templates), else `$XDG_CACHE_HOME/browser-provider` (`~/.cache/…`). */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const explicit = env[CACHE_DIR_ENV];
  if (explicit !== undefined) return explicit === '' || explicit === 'off' ? undefined : resolve(explicit);
  const xdg = env['XDG_CACHE_HOME'];
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'browser-provider');
}

/** The template's directory for `bin`: a new Firefox build, new prefs or a new file list get a new one. */
export function templateDir(root: string, bin: string): string {
  const real = realpathSync(bin);
  const { mtimeMs, size } = statSync(real);
  const key = createHash('sha256').update(JSON.stringify([real, mtimeMs, size, userJs(), TEMPLATE_FILES])).digest('hex').slice(0, 16);
  return join(root, `firefox-profile-${key}`);
}

/** Starts Firefox on `dir` (a kept profile: the launcher neither seeds nor deletes it). */
export type TemplateLauncher = (dir: string, signal: AbortSignal) => Promise<LaunchedBrowser>;

/** How long a build may take in all; how long a launch waits for it (one takes ~3.5 s on 2 idle cores). */
const BUILD_MS = 60_000;
const WAIT_FOR_BUILD_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** Builds under way in this process, by template directory; and those that failed here (not retried). */
const building = new Map<string, Promise<void>>();
const failed = new Set<string>();

/**
 * Copies the template of `bin` into the empty `profile` and says whether it did. The first launch
 * of a Firefox build (per machine) makes the template first, about 3.5 s once, waiting at most 10 s
 * for it; a launch of another process while it is being made, or after making it failed, goes on
 * from the empty profile.
 */
export async function seedProfile(bin: string, profile: string, launch: TemplateLauncher, signal: AbortSignal, root = cacheRoot()): Promise<boolean> {
  if (root === undefined) return false;
  let dir: string;
  try {
    dir = templateDir(root, bin);
  } catch {
    return false;
  }
  if (!isDir(dir) && !failed.has(dir) && !isFile(`${dir}.failed`)) {
    let build = building.get(dir);
    if (build === undefined) {
      // Not bound to this launch's signal: a build that outlives its wait serves the next launch.
      build = buildTemplate(dir, launch).catch(() => {
        failed.add(dir);
        try {
          writeFileSync(`${dir}.failed`, new Date().toISOString());
        } catch {
          // Unwritable cache: this process alone remembers.
        }
      });
      building.set(dir, build);
      void build.finally(() => building.delete(dir));
    }
    // A build slowed by a loaded machine holds this launch back only so long; it goes on beside it.
    // Aborted, the launch goes on to fail on its own signal.
    await raceSignal(Promise.race([build, sleep(WAIT_FOR_BUILD_MS)]), signal).catch(() => undefined);
  }
  if (!isDir(dir)) return false;
  try {
    cpSync(dir, profile, { recursive: true });
    return true;
  } catch {
    // A half copy (disk full, the template replaced meanwhile) is worse than none.
    rmSync(profile, { recursive: true, force: true });
    mkdirSync(profile, { mode: 0o700 });
    return false;
  }
}

const isDir = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

/**
 * Builds the template in `<dir>.building-<pid>` and renames it into place, so a reader sees a whole
 * template or none. One process at a time builds, under the cache folder's lock (core's profile
 * lock: a dead holder's is taken over, as is its work directory). Its Firefox is owned like any
 * other (core/host/spawn.ts): it dies with the server, whatever way the server ends.
 */
export async function buildTemplate(dir: string, launch: TemplateLauncher): Promise<void> {
  const parent = resolve(dir, '..');
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  const attempt = acquireProfileLock(parent, { sessionId: 'firefox-profile-template', owner: `template-build-${process.pid}` });
  if (!('lock' in attempt)) return;
  const work = `${dir}.building-${process.pid}`;
  try {
    sweepDeadBuilds(parent, dir);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { mode: 0o700 });
    const signal = AbortSignal.timeout(BUILD_MS);
    const launched = await launch(work, signal);
    const browser = await BidiBrowser.start({ url: launched.url, capabilities: launched.capabilities, process: launched.process, attached: false, signal }).catch(async (e: unknown) => {
      await launched.process?.kill();
      throw e;
    });
    // browser.close, then time to exit: quitting is what writes the script cache (a killed Firefox writes none).
    await browser.quit(BUILD_MS / 2);
    keepOnly(work, TEMPLATE_FILES);
    if (!readdirSync(join(work, 'startupCache')).some((f) => f.startsWith('scriptCache'))) throw new Error('Firefox quit without writing its script cache');
    try {
      renameSync(work, dir);
    } catch {
      // Another process put its template in place first: theirs is as good.
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    attempt.lock.release();
  }
}

/** Removes `<dir>.building-<pid>` directories whose builder is gone. */
function sweepDeadBuilds(parent: string, dir: string): void {
  const prefix = `${dir.split('/').pop()}.building-`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (pid !== process.pid && !pidLive(pid)) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

/** Deletes everything under `root` that is not one of `keep` (paths relative to it) or on the way to one. */
export function keepOnly(root: string, keep: readonly string[]): void {
  const walk = (rel: string) => {
    for (const name of readdirSync(join(root, rel))) {
      const path = rel === '' ? name : `${rel}/${name}`;
      if (keep.includes(path)) continue;
      if (keep.some((k) => k.startsWith(`${path}/`))) walk(path);
      else rmSync(join(root, path), { recursive: true, force: true });
    }
  };
  walk('');
}
