import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHE_DIR_ENV, cacheRoot, keepOnly, seedProfile, templateDir } from './profile-template';

const root = mkdtempSync(join(tmpdir(), 'bp-template-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir`, relative, sorted. */
function tree(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const path = rel === '' ? e.name : `${rel}/${e.name}`;
    return e.isDirectory() ? [`${path}/`, ...tree(dir, path)] : [path];
  }).sort();
}

describe('the Firefox profile template', () => {
  it('lives under $BROWSER_PROVIDER_CACHE_DIR, else XDG_CACHE_HOME, else ~/.cache; empty or "off" turns it off', () => {
    expect(cacheRoot({ [CACHE_DIR_ENV]: '/x/y' })).toBe('/x/y');
    expect(cacheRoot({ [CACHE_DIR_ENV]: 'off' })).toBeUndefined();
    expect(cacheRoot({ [CACHE_DIR_ENV]: '' })).toBeUndefined();
    expect(cacheRoot({ XDG_CACHE_HOME: '/c' })).toBe('/c/browser-provider');
    // A relative XDG value is ignored, as the XDG spec says.
    expect(cacheRoot({ XDG_CACHE_HOME: 'rel', HOME: '/h' })).toMatch(/\/\.cache\/browser-provider$/);
  });

  it('keeps only the listed caches and registries: no cookie, history, login key, session, lock or prefs.js', () => {
    const dir = join(root, 'prune');
    mkdirSync(join(dir, 'startupCache'), { recursive: true });
    mkdirSync(join(dir, 'storage', 'permanent', 'chrome'), { recursive: true });
    mkdirSync(join(dir, 'storage', 'default', 'https+++example.com'), { recursive: true });
    mkdirSync(join(dir, 'sessionstore-backups'), { recursive: true });
    for (const f of ['startupCache/scriptCache.bin', 'storage/permanent/chrome/idb', 'storage/default/https+++example.com/ls', 'storage.sqlite', 'cookies.sqlite', 'places.sqlite', 'key4.db', 'logins.db', 'prefs.js', 'sessionstore.jsonlz4', 'compatibility.ini', '0a1b2c3d.sqlite']) {
      writeFileSync(join(dir, f), 'x');
    }
    symlinkSync('127.0.0.1:+1', join(dir, 'lock'));
    keepOnly(dir, ['startupCache', 'compatibility.ini', 'storage/permanent', 'storage.sqlite']);
    expect(tree(dir)).toEqual(['compatibility.ini', 'startupCache/', 'startupCache/scriptCache.bin', 'storage.sqlite', 'storage/', 'storage/permanent/', 'storage/permanent/chrome/', 'storage/permanent/chrome/idb']);
  });

  it('names a new template for another binary or build (path, size, mtime)', () => {
    const a = join(root, 'firefox-a');
    const b = join(root, 'firefox-b');
    writeFileSync(a, 'one');
    writeFileSync(b, 'two!');
    expect(templateDir(root, a)).toMatch(/\/firefox-profile-[0-9a-f]{16}$/);
    expect(templateDir(root, a)).toBe(templateDir(root, a));
    expect(templateDir(root, a)).not.toBe(templateDir(root, b));
  });

  it('does not try a failed build again, and a launch goes on from the empty profile', async () => {
    const cache = join(root, 'cache-failing');
    const bin = join(root, 'firefox-a');
    let launches = 0;
    const launch = async () => {
      launches++;
      throw new Error('no Firefox here');
    };
    const profile = mkdtempSync(join(root, 'profile-'));
    expect(await seedProfile(bin, profile, launch, AbortSignal.timeout(5_000), cache)).toBe(false);
    expect(await seedProfile(bin, profile, launch, AbortSignal.timeout(5_000), cache)).toBe(false);
    expect(launches).toBe(1);
    expect(readdirSync(cache).sort()).toEqual([`${templateDir(cache, bin).split('/').pop()}.failed`]);
    expect(readdirSync(profile)).toEqual([]);
  });

  it('does nothing when templates are off', async () => {
    let launches = 0;
    const profile = mkdtempSync(join(root, 'profile-'));
    const before = process.env[CACHE_DIR_ENV];
    process.env[CACHE_DIR_ENV] = 'off';
    try {
      expect(await seedProfile(join(root, 'firefox-a'), profile, async () => (launches++, Promise.reject(new Error('x'))), AbortSignal.timeout(5_000))).toBe(false);
    } finally {
      if (before === undefined) delete process.env[CACHE_DIR_ENV];
      else process.env[CACHE_DIR_ENV] = before;
    }
    expect(launches).toBe(0);
  });
});
