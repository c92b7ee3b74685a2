/**
 * `pnpm build`: bundles the server (apps/cli/src/main.ts and every workspace package it imports) into
 * apps/cli/dist/build-<id>/, with the page script prebuilt and embedded, and records in
 * apps/cli/dist/manifest.json which entry to run and what it was built from. The bin runs the bundle
 * only while that record holds (apps/cli/bin/bundle-state.js); a bundled server loads neither tsx nor
 * esbuild. `--if-stale`: build only when the bundle is missing or stale (scripts/ensure.sh).
 */
import { readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Metafile, Plugin, build as esbuildBuild } from 'esbuild';
import { DIST, MANIFEST, MANIFEST_VERSION, ROOT, bundleState, fileStamp, type Manifest } from '../bin/bundle-state.js';

const BUILD_DIR_PREFIX = 'build-';
/** Builds kept besides the new one: a server started from the previous build may still import its chunks. */
const KEEP_OLD_BUILDS = 1;
const MTIME_MARGIN_MS = 100;

/**
 * Bundled code's `import.meta.url` would name the chunk; files that find their neighbours through it
 * (conformance's expectations, certify's bin and docs paths) would look in the build folder. Each
 * file's own URL is rebuilt relative to the chunk instead, which holds while dist/ stays in the tree.
 */
function keepImportMetaUrl(outdir: string): Plugin {
  return {
    name: 'keep-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const fromChunk = relative(outdir, args.path).split('\\').join('/');
        return {
          contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromChunk)}, import.meta.url).href`),
          loader: args.path.endsWith('ts') ? 'ts' : 'js',
        };
      });
    },
  };
}

/** Workspace files an output was built from; dependencies are covered by the lockfile. */
const sources = (meta: Metafile) => Object.keys(meta.inputs).filter((p) => !p.split('/').includes('node_modules'));

/**
 * What esbuild also read for those files without listing them as inputs: the package.json (exports,
 * type) and tsconfig.json of each package they belong to, and the base tsconfig.
 */
function configsOf(paths: string[]): string[] {
  const roots = new Set(paths.map((p) => p.split('/src/')[0]).filter((r): r is string => r !== undefined && r !== ''));
  const configs = [...roots].flatMap((r) => [`${r}/package.json`, `${r}/tsconfig.json`]);
  return ['package.json', 'tsconfig.base.json', ...configs].filter((p) => fileStamp(p) !== null);
}

function pruneOldBuilds(current: string): void {
  const old = readdirSync(DIST, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name.startsWith(BUILD_DIR_PREFIX) && join(DIST, d.name) !== current)
    .map((d) => ({ path: join(DIST, d.name), mtime: statSync(join(DIST, d.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const d of old.slice(KEEP_OLD_BUILDS)) rmSync(d.path, { recursive: true, force: true });
}

async function main(): Promise<void> {
  if (process.argv.includes('--if-stale')) {
    const state = bundleState();
    if (state.fresh) return;
    process.stderr.write(`[build] ${state.reason}: building the server bundle\n`);
  }
  // Loaded after the check, so a fresh bundle costs `--if-stale` only the stat walk.
  const { build } = await import('esbuild');
  const { pageScriptBuildOptions, flowRecorderBuildOptions } = await import('@browser-provider/page-script');
  const started = Date.now();
  const page = await build({ ...pageScriptBuildOptions(), absWorkingDir: ROOT, metafile: true });
  const pageText = page.outputFiles?.[0]?.text;
  if (!pageText) throw new Error('esbuild produced no page script');
  // The flow recorder (record, browser_start_recording) is defined too: the bundle never runs esbuild.
  const flow = await build({ ...flowRecorderBuildOptions(), absWorkingDir: ROOT, metafile: true });
  const flowText = flow.outputFiles?.[0]?.text;
  if (!flowText) throw new Error('esbuild produced no flow recorder');

  // A fresh folder per build: a running server's chunks are never overwritten under it.
  const outdir = join(DIST, `${BUILD_DIR_PREFIX}${started.toString(36)}-${process.pid.toString(36)}`);
  try {
    await bundleServer(build, outdir, pageText, flowText, started, [page.metafile, flow.metafile]);
  } catch (e) {
    rmSync(outdir, { recursive: true, force: true });
    throw e;
  }
  pruneOldBuilds(outdir);
}

async function bundleServer(build: typeof esbuildBuild, outdir: string, pageText: string, flowText: string, started: number, inPageMeta: Metafile[]): Promise<void> {
  const server = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'apps/cli/src/main.ts')],
    entryNames: 'browser-provider',
    outdir,
    outExtension: { '.js': '.mjs' },
    // Each engine adapter, status and certify become chunks loaded on use (their imports are dynamic).
    splitting: true,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // Syntax folds the typeof guard around the define below (the page script is in the bundle once);
    // whitespace drops comments, whose non-Latin-1 characters would make V8 hold every chunk's
    // source as two-byte. Names stay readable; `node --enable-source-maps` maps stack traces.
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    sourcemap: 'linked',
    sourcesContent: false,
    define: { __BROWSER_PROVIDER_PAGE_SCRIPT__: JSON.stringify(pageText), __BROWSER_PROVIDER_FLOW_RECORDER__: JSON.stringify(flowText) },
    // ws's optional native speed-ups, required inside a try: absent here, and ws works without them.
    external: ['bufferutil', 'utf-8-validate'],
    // Bundled CommonJS (ws, commander) calls require() for Node's built-ins; ESM has none of its own.
    banner: { js: "import { createRequire as __bpCreateRequire } from 'node:module';\nconst require = __bpCreateRequire(import.meta.url);" },
    plugins: [keepImportMetaUrl(outdir)],
    metafile: true,
    logLevel: 'warning',
  });

  const entry = relative(ROOT, join(outdir, 'browser-provider.mjs'));
  const outputs = Object.keys(server.metafile.outputs).filter((p) => !p.endsWith('.map'));
  if (!outputs.includes(entry)) throw new Error(`esbuild wrote no ${entry}`);
  const files: Manifest['files'] = {};
  const inputs = [...inPageMeta.flatMap(sources), ...sources(server.metafile)];
  for (const path of new Set([...inputs, ...configsOf(inputs), 'pnpm-lock.yaml', 'apps/cli/scripts/build.ts', 'apps/cli/bin/bundle-state.js'])) {
    const stamp = fileStamp(path);
    // Changed while we were reading it: the bundle may hold either version, so it is never fresh. The
    // margin covers file times, which the kernel takes from a coarse clock (a few ms behind Date.now()).
    files[path] = stamp && stamp[0] < started - MTIME_MARGIN_MS ? stamp : null;
  }
  for (const path of outputs) files[path] = fileStamp(path);
  const manifest: Manifest = { version: MANIFEST_VERSION, entry, files };
  writeFileSync(`${MANIFEST}.tmp`, `${JSON.stringify(manifest, null, 1)}\n`);
  renameSync(`${MANIFEST}.tmp`, MANIFEST);

  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  const size = (p: string) => server.metafile.outputs[p]?.bytes ?? 0;
  process.stderr.write(
    `[build] ${entry}: ${kb(size(entry))} + ${outputs.length - 1} chunks, ${kb(outputs.reduce((n, p) => n + size(p), 0))} in all (page script ${kb(pageText.length)}); ${Object.keys(files).length} files recorded, ${Date.now() - started} ms\n`,
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`[build] failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
