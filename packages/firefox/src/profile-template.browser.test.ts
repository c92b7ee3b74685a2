import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { commandLine, descendantsOf, findExecutable } from '@browser-provider/core/host';
import { describeEngine, servePage } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';
import { FIREFOX_SEARCH, launchFirefox } from './launch';
import { CACHE_DIR_ENV, seedProfile, TEMPLATE_FILES, templateDir } from './profile-template';

/**
 * The warm profile template on a real Firefox: built once from an empty profile that quit through
 * browser.close, holding the compiled script cache and nothing of a user; sessions started from it
 * work, and what they store stays in their own copy.
 */

const cache = mkdtempSync(join(tmpdir(), 'bp-template-cache-'));
// Stores a cookie that lasts an hour and shows the cookies it sees in the title.
const site = servePage(`<!doctype html><title>T</title><script>
document.cookie = 'kept=yes; max-age=3600; path=/';
document.title = 'cookies: ' + document.cookie;
</script>`);
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** Every file under `dir` with its size (and mtime, with `times`), relative and sorted. */
function listing(dir: string, times = false, rel = ''): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const path = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) return listing(dir, times, path);
    const st = statSync(join(dir, path));
    return [`${path} ${st.size}${times ? ` ${st.mtimeMs}` : ''}`];
  }).sort();
}

describeEngine('firefox')('the Firefox profile template', () => {
  const bin = findExecutable(FIREFOX_SEARCH) as string;
  const launch = (dir: string, signal: AbortSignal) => launchFirefox(bin, [], signal, dir);

  it('is built on the first launch, with the script cache and none of a profile\'s user data, and seeds the next', { timeout: 120_000 }, async () => {
    const profile = mkdtempSync(join(tmpdir(), 'bp-template-profile-'));
    try {
      const dir = templateDir(cache, bin);
      const name = dir.split('/').pop() as string;
      const first = await seedProfile(bin, profile, launch, AbortSignal.timeout(90_000), cache);
      // A launch waits for the build 10 s at most; on a loaded machine the build goes on beside it
      // and serves the next launch. Until it ends, its lock and work directory are there too.
      for (let i = 0; i < 900 && readdirSync(cache).join() !== name; i++) await new Promise((r) => setTimeout(r, 100));
      // Nothing left of the build: no lock, no work directory, no failure mark.
      expect(readdirSync(cache)).toEqual([name]);
      expect(first || (await seedProfile(bin, profile, launch, AbortSignal.timeout(90_000), cache))).toBe(true);
      const top = new Set(TEMPLATE_FILES.map((f) => f.split('/')[0]));
      const entries = readdirSync(dir);
      expect(entries.filter((e) => !top.has(e))).toEqual([]);
      for (const f of ['cookies.sqlite', 'places.sqlite', 'key4.db', 'logins.db', 'prefs.js', 'sessionstore.jsonlz4', 'lock', '.parentlock']) expect(entries).not.toContain(f);
      // Firefox's own IndexedDB (remote-settings data), not any site's (storage/default).
      expect(readdirSync(join(dir, 'storage')).sort()).toEqual(['ls-archive.sqlite', 'permanent']);
      // What makes the start cheap: the compiled chrome scripts, written when Firefox quit.
      expect(readdirSync(join(dir, 'startupCache')).filter((f) => f.startsWith('scriptCache'))).not.toEqual([]);
      // But not the content processes' own: it made every snapshot slower (TEMPLATE_FILES).
      expect(readdirSync(join(dir, 'startupCache'))).not.toContain('scriptCache-child.bin');
      // The profile got all of it.
      expect(listing(profile)).toEqual(listing(dir));
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('seeds the sessions of a backend, which work, and keeps what they store out of the template', { timeout: 120_000 }, async () => {
    const dir = templateDir(cache, bin);
    const before = listing(dir, true);
    const saved = process.env[CACHE_DIR_ENV];
    process.env[CACHE_DIR_ENV] = cache;
    const backend = createFirefoxBackend();
    try {
      const sig = () => AbortSignal.timeout(30_000);
      const session = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: AbortSignal.timeout(60_000) });
      const page = await session.newPage(sig());
      await page.navigate(`${site.origin()}/`, 'load', sig());
      expect((await page.info(sig())).title).toBe('cookies: kept=yes');
      // The session's Firefox runs on a copy: the script cache is there while it runs (an empty
      // profile gets one only when Firefox quits).
      const profiles = descendantsOf(process.pid)
        .map((pid) => commandLine(pid) ?? [])
        .filter((argv) => /firefox/.test(argv[0] ?? '') && argv.includes('--remote-debugging-port=0'))
        .map((argv) => argv[argv.indexOf('--profile') + 1] as string);
      expect(profiles).toHaveLength(1);
      expect(readdirSync(join(profiles[0]!, 'startupCache')).filter((f) => f.startsWith('scriptCache'))).not.toEqual([]);
      await session.close(sig());
    } finally {
      await backend.shutdown();
      if (saved === undefined) delete process.env[CACHE_DIR_ENV];
      else process.env[CACHE_DIR_ENV] = saved;
    }
    expect(listing(dir, true)).toEqual(before);
  });
});
