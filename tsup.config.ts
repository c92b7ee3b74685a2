/**
 * One library build for every publishable package, run from the package's folder (`pnpm build` there,
 * or turbo from the root). tsup 8 (esbuild for the JavaScript, rollup-plugin-dts for the .d.ts) runs on
 * Node 20; tsdown needs Node 22. The entries are the package's own `exports` (its .ts sources, which the
 * workspace resolves directly) that `publishConfig.exports` also names; that points the packed package
 * at what this writes. Every dependency stays external: a consumer's install resolves them, one copy each.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';

interface PackageJson {
  name: string;
  exports?: Record<string, string>;
  publishConfig?: { exports?: Record<string, unknown> };
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson;

/** `.` → index, `./host` → host: the names publishConfig.exports gives the built files. */
const distName = (key: string) => (key === '.' ? 'index' : key.slice(2).replaceAll('/', '-'));

/**
 * Only what the packed package exports: an export the workspace alone sees (`./testing` on mcp and
 * conformance, test helpers other packages' tests import by name) is neither built nor shipped.
 */
function entries(): Record<string, string> {
  const out: Record<string, string> = {};
  const published = pkg.publishConfig?.exports ?? {};
  for (const [key, src] of Object.entries(pkg.exports ?? {})) if (src.endsWith('.ts') && key in published) out[distName(key)] = src;
  return out;
}

/** The newest modification time of a file under `dir` (0 when there is none). */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

/**
 * The declarations of every other workspace package, as their builds wrote them (turbo builds a
 * package's dependencies first). The workspace resolves a package to its .ts sources, so without this
 * each package's declaration build type-checked the sources of everything it imports again: 13 builds,
 * 235 CPU-seconds. Against the built .d.ts it checks only its own sources. A package built alone
 * (`pnpm build` in its folder) may find a dependency's dist older than its sources: that dependency
 * is then read from its sources, as before.
 */
function builtTypes(): Record<string, string[]> {
  let root = resolve('.');
  while (!existsSync(join(root, 'pnpm-workspace.yaml')) && dirname(root) !== root) root = dirname(root);
  const dirs = ['conformance', ...readdirSync(join(root, 'packages')).map((d) => `packages/${d}`)];
  const paths: Record<string, string[]> = {};
  for (const dir of dirs) {
    let other: PackageJson;
    try {
      other = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as PackageJson;
    } catch {
      continue;
    }
    if (other.name === pkg.name || !existsSync(join(root, dir, 'src'))) continue;
    const sources = newestUnder(join(root, dir, 'src'));
    for (const [key, target] of Object.entries(other.publishConfig?.exports ?? {})) {
      const types = typeof target === 'object' && target !== null ? (target as { types?: unknown }).types : undefined;
      if (typeof types !== 'string') continue;
      const built = join(root, dir, types);
      if (existsSync(built) && statSync(built).mtimeMs >= sources) paths[`${other.name}${key.slice(1)}`] = [built];
    }
  }
  return paths;
}

/**
 * The in-page program, bundled once here so the packed page-script never needs esbuild: host.ts reads
 * the `__BROWSER_PROVIDER_PAGE_SCRIPT__` define before it would reach for the bundler (flow/index.ts the
 * `__BROWSER_PROVIDER_FLOW_RECORDER__` one).
 */
async function pageScriptDefine(): Promise<Record<string, string>> {
  // By path, the one exception to import-x/no-relative-packages: tsup's config loader inlines a relative
  // import, while one by name would be left to Node, which cannot load page-script's .ts sources.
  // eslint-disable-next-line import-x/no-relative-packages
  const { pageScriptBuildOptions, flowRecorderBuildOptions } = await import('./packages/page-script/src/host');
  // page-script's own esbuild (a devDependency there), the version the workspace builds the page script with.
  const esbuild = createRequire(resolve('package.json'))('esbuild') as { build(o: object): Promise<{ outputFiles?: Array<{ text: string }> }> };
  const built = await esbuild.build({ ...pageScriptBuildOptions(), entryPoints: [resolve('src/page/main.ts')] });
  const text = built.outputFiles?.[0]?.text;
  if (!text) throw new Error('esbuild produced no page script');
  // The flow recorder (record, browser_start_recording) likewise, so recording never needs esbuild either.
  const flow = (await esbuild.build({ ...flowRecorderBuildOptions(), entryPoints: [resolve('src/flow/page.ts')] })).outputFiles?.[0]?.text;
  if (!flow) throw new Error('esbuild produced no flow recorder');
  return { __BROWSER_PROVIDER_PAGE_SCRIPT__: JSON.stringify(text), __BROWSER_PROVIDER_FLOW_RECORDER__: JSON.stringify(flow) };
}

export default defineConfig(async (): Promise<Options> => {
  const common: Options = { format: 'esm', platform: 'node', target: 'node20', splitting: true, sourcemap: true, clean: true, shims: false };
  if (pkg.name === '@browser-provider/cli') {
    // lib/, not dist/: apps/cli/dist holds the workspace's own server bundle (`pnpm build`, scripts/build.ts).
    // One level deep, like src/, so certify's `../bin/browser-provider.js` still finds the bin.
    return { ...common, entry: { main: 'src/main.ts' }, outDir: 'lib', dts: false };
  }
  const define = pkg.name === '@browser-provider/page-script' ? await pageScriptDefine() : undefined;
  return { ...common, entry: entries(), outDir: 'dist', dts: { compilerOptions: { paths: builtTypes() } }, ...(define ? { define } : {}) };
});
