import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleState, fileStamp, MANIFEST_VERSION, type Manifest } from '../bin/bundle-state.js';

/** The bin's rule: the bundle runs only while every recorded file has its build-time mtime and size. */
describe('bundleState', () => {
  let root: string;
  const manifestPath = () => join(root, 'manifest.json');
  const write = (path: string, text: string) => writeFileSync(join(root, path), text);
  const record = (paths: string[], patch: Partial<Manifest> = {}) => {
    const files = Object.fromEntries(paths.map((p) => [p, fileStamp(p, root)]));
    writeFileSync(manifestPath(), JSON.stringify({ version: MANIFEST_VERSION, entry: 'out.mjs', files, ...patch }));
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bp-bundle-state-'));
    write('out.mjs', 'export {};');
    write('a.ts', 'export const a = 1;');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is fresh while nothing changed, and names the entry', () => {
    record(['out.mjs', 'a.ts']);
    expect(bundleState(manifestPath(), root)).toEqual({ fresh: true, entry: join(root, 'out.mjs') });
  });

  it.each([
    ['a source is edited', () => write('a.ts', 'export const a = 22;')],
    ['a source gets an older mtime (a restored file)', () => utimesSync(join(root, 'a.ts'), 1, 1)],
    ['a source is deleted', () => rmSync(join(root, 'a.ts'))],
    ['the bundle is replaced', () => write('out.mjs', 'export const stale = true;')],
  ])('is stale when %s', (_, change) => {
    record(['out.mjs', 'a.ts']);
    change();
    expect(bundleState(manifestPath(), root)).toMatchObject({ fresh: false });
  });

  it('is stale without a manifest, with another version, or with a file changed during the build', () => {
    expect(bundleState(manifestPath(), root)).toMatchObject({ fresh: false, reason: expect.stringContaining('pnpm build') });
    record(['out.mjs'], { version: MANIFEST_VERSION + 1 });
    expect(bundleState(manifestPath(), root)).toMatchObject({ fresh: false });
    record(['out.mjs'], { files: { 'out.mjs': fileStamp('out.mjs', root), 'a.ts': null } });
    expect(bundleState(manifestPath(), root)).toEqual({ fresh: false, reason: 'a.ts changed since the build' });
  });

  it('is stale when the manifest does not record its entry', () => {
    record(['a.ts']);
    expect(bundleState(manifestPath(), root)).toMatchObject({ fresh: false });
  });
});
