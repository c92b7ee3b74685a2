// Whether the prebuilt server bundle (`pnpm build`) may run: plain JavaScript, because the bin reads it
// before anything can load TypeScript. apps/cli/scripts/build.ts writes the manifest this checks.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DIST = join(ROOT, 'apps/cli/dist');
export const MANIFEST = join(DIST, 'manifest.json');
export const MANIFEST_VERSION = 1;

/** `[mtimeMs, size]` of a path relative to `root`, or null when it does not exist. */
export function fileStamp(path, root = ROOT) {
  const s = statSync(join(root, path), { throwIfNoEntry: false });
  return s ? [s.mtimeMs, s.size] : null;
}

/**
 * `{ fresh: true, entry }` when the bundle and every file it was built from (sources, the page script,
 * the lockfile, the build script) still have the mtime and size recorded at build time; otherwise
 * `{ fresh: false, reason }`. Any change counts, even to an older mtime: restoring a file restores code.
 */
export function bundleState(manifestPath = MANIFEST, root = ROOT) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return { fresh: false, reason: 'no bundle (pnpm build makes one)' };
  }
  if (manifest.version !== MANIFEST_VERSION || typeof manifest.entry !== 'string') return { fresh: false, reason: 'bundle from another version of the build script' };
  for (const [path, stamp] of Object.entries(manifest.files)) {
    const now = fileStamp(path, root);
    if (!stamp || !now || now[0] !== stamp[0] || now[1] !== stamp[1]) return { fresh: false, reason: `${path} changed since the build` };
  }
  if (!(manifest.entry in manifest.files)) return { fresh: false, reason: 'the manifest does not record its entry' };
  return { fresh: true, entry: join(root, manifest.entry) };
}
