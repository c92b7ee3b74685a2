/**
 * Node-side helpers for injecting and calling the page script. Backends use exactly these:
 *
 *   1. call `OP_CALLER` as a function with two string arguments `(op, JSON.stringify(args))` in the
 *      target frame, awaiting the promise it returns;
 *   2. it answers a string: pass it to `parseOpReply`. `null` means the script is not installed in this
 *      document: evaluate `pageScriptSource()` there (an idempotent IIFE) and call again;
 *   3. to turn a local element id into a driver element handle (BiDi remote value / classic web element),
 *      call `ELEMENT_BY_ID` with arguments `(id)` or `(id, doc)`; with `doc`, an element of an earlier
 *      document is refused (null) rather than returned.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { PAGE_SCRIPT_GLOBAL, PAGE_SCRIPT_VERSION, type InstallOptions } from './constants';

/**
 * The page script prebuilt by the server bundle's build (`pnpm build`, esbuild `define`); undeclared
 * when running from source, hence the `typeof` guard below.
 */
declare const __BROWSER_PROVIDER_PAGE_SCRIPT__: string | undefined;

export { PAGE_SCRIPT_GLOBAL, PAGE_SCRIPT_VERSION, type InstallOptions };

/**
 * The whole call runs in the page bundle (`call`), which captured JSON at install time and answers
 * unknown ops and thrown errors as `{ok:false, error}`; the try/catch here only covers a page that
 * broke the installed object.
 */
export const OP_CALLER = `async function (op, argsJson) {
  const bp = globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}];
  if (!bp || bp.version !== ${JSON.stringify(PAGE_SCRIPT_VERSION)} || typeof bp.call !== 'function') return null;
  try {
    return await bp.call(op, argsJson);
  } catch (e) {
    // Written out, not thrownText(): this source runs in the page. Whatever was thrown gets a cause.
    const m = e !== null && typeof e === 'object' && typeof e.message === 'string' && e.message;
    return JSON.stringify({ ok: false, error: m || 'the page script threw ' + (e === null ? 'null' : typeof e) + ' without a message' });
  }
}`;

export const ELEMENT_BY_ID = `function (id, doc) {
  const bp = globalThis[${JSON.stringify(PAGE_SCRIPT_GLOBAL)}];
  return (bp && bp.element(id, doc)) || null;
}`;

/**
 * The page script `source` wrapped so its install sees `options` as a lexical binding (a page cannot
 * shadow or read it). Every backend installs through this.
 */
export function installSource(source: string, options: InstallOptions = {}): string {
  return `(function (__bpInstall) {\n${source}\n})(${JSON.stringify(options)});`;
}

export type OpReply = { ok: true; value: unknown } | { ok: false; error: string } | null;

export function parseOpReply(reply: unknown): OpReply {
  if (reply === null || reply === undefined) return null;
  if (typeof reply !== 'string') throw new Error(`page script answered a ${typeof reply}, expected a string`);
  return JSON.parse(reply) as OpReply;
}

/**
 * The esbuild options below, typed here rather than with esbuild's BuildOptions: the published .d.ts
 * must not need esbuild, which a consumer of the prebuilt page script never installs.
 */
export interface PageScriptBuildOptions {
  entryPoints: string[];
  bundle: true;
  write: false;
  format: 'iife';
  platform: 'browser';
  target: string;
  minify: boolean;
  legalComments: 'none';
  logLevel: 'silent';
}

/** How an in-page program is bundled: one idempotent IIFE from `entry` (a file of this package). */
function inPageBuildOptions(entry: string): PageScriptBuildOptions {
  return {
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  };
}

/** The page script: ./page/main.ts. The server build uses the same. */
export const pageScriptBuildOptions = (): PageScriptBuildOptions => inPageBuildOptions('./page/main.ts');

/** The flow recorder (./flow/page.ts), bundled the same way; builds define it as `__BROWSER_PROVIDER_FLOW_RECORDER__`. */
export const flowRecorderBuildOptions = (): PageScriptBuildOptions => inPageBuildOptions('./flow/page.ts');

let cached: string | undefined = typeof __BROWSER_PROVIDER_PAGE_SCRIPT__ === 'string' ? __BROWSER_PROVIDER_PAGE_SCRIPT__ : undefined;

/**
 * The in-page program as one idempotent IIFE. The server bundle carries it prebuilt; from source it is
 * bundled on first use (a few hundred ms of esbuild once) and kept for the life of the process.
 * esbuild is required only here, so the bundled server never loads it.
 */
export function pageScriptSource(): string {
  if (cached !== undefined) return cached;
  const esbuild = createRequire(import.meta.url)('esbuild') as { buildSync(o: PageScriptBuildOptions): { outputFiles?: Array<{ text: string }> } };
  const out = esbuild.buildSync(pageScriptBuildOptions()).outputFiles?.[0];
  if (!out) throw new Error('esbuild produced no output for the page script');
  cached = out.text;
  return cached;
}
