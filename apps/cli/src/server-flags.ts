import { resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { PROVIDER_DEFAULTS, type ProviderServerOptions } from '@browser-provider/core';
import { parseBrowserSpec, type BackendOptions, type BrowserSpec } from './browsers';
import { engineOptions, type EngineChoice } from './engines';
import { parseGridCapabilities, parseGridUrl } from './grid';

/**
 * The flags every server command takes (`serve`, `mcp`), declared once so the two cannot drift: the
 * engines, the gates (off by default; `describe` says so), uploads, profiles, deadlines and the Grid.
 * Flags reach the server as options (serverOptions, backendOptions); the defaults are core's
 * (PROVIDER_DEFAULTS), so a library caller's createProvider gets the same ones.
 */

/** A parse failure as commander's invalid-argument error (it prints the message and the usage). */
export function asArgument<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

export const positiveInt = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
};
export const gridUrlArg = (v: string): string => asArgument(() => parseGridUrl(v));
export const gridCapsArg = (v: string): Record<string, unknown> => asArgument(() => parseGridCapabilities(v));
export const GRID_URL_HELP = 'take browsers from this Selenium Grid 4 (hub or router URL) instead of launching them; default $BROWSER_PROVIDER_GRID_URL';
export const GRID_CAPS_HELP = 'with --grid-url: capabilities merged over each engine\'s, e.g. {"platformName":"mac"}; default $BROWSER_PROVIDER_GRID_CAPABILITIES';

export interface ServerFlags {
  browser: BrowserSpec;
  prelaunch: boolean;
  allowDebug: boolean;
  allowEval: boolean;
  allowExtensions: boolean;
  attachUrl?: string;
  uploadRoot: string[];
  timeoutMs?: number;
  profileRoot?: string;
  maxSessions: number;
  maxTabs: number;
  gridUrl?: string;
  gridCapabilities?: Record<string, unknown>;
  recycleBudgetMb?: number;
  recycleSessions?: number;
}

/** What a flag enables, in the words of the surface (protocol method names for serve, tool names for mcp). */
export interface FlagWords {
  allowDebug: string;
  allowEval: string;
  uploadRoot: string;
  profileRoot: string;
}

export function addServerFlags(cmd: Command, words: FlagWords): Command {
  return cmd
    .requiredOption('--browser <names>', 'firefox | chrome | safari, a comma-separated list of them (the first is the default engine), or auto (every installed one)', (v: string) => asArgument(() => parseBrowserSpec(v)))
    .option('--prelaunch', "start every engine's browser at server start, so the first session does not wait for a launch", false)
    .option('--allow-debug', words.allowDebug, false)
    .option('--allow-eval', words.allowEval, false)
    .option('--allow-extensions', 'enable installing browser extensions (firefox.install_extension); an extension reaches every session', false)
    .option('--attach-url <url>', 'attach to a running browser at this endpoint instead of launching one')
    .option('--upload-root <dir>', words.uploadRoot, (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--timeout-ms <ms>', 'default deadline of a request', positiveInt)
    .option('--profile-root <dir>', words.profileRoot)
    .option('--max-sessions <n>', `at most this many sessions open at once; one more is refused (default ${PROVIDER_DEFAULTS.maxSessions})`, positiveInt, PROVIDER_DEFAULTS.maxSessions)
    .option('--max-tabs <n>', `at most this many tabs per session; one more is refused, a popup past it closed (default ${PROVIDER_DEFAULTS.maxTabs})`, positiveInt, PROVIDER_DEFAULTS.maxTabs)
    .option('--grid-url <url>', GRID_URL_HELP, gridUrlArg)
    .option('--grid-capabilities <json>', GRID_CAPS_HELP, gridCapsArg)
    .addOption(
      new Option('--recycle-budget-mb <mb>', `relaunch a browser (draining it first while sessions hold it) once its processes use more than this many MB; default ${PROVIDER_DEFAULTS.recycle.budgetMb}`)
        .env('BROWSER_PROVIDER_RECYCLE_BUDGET_MB')
        .argParser(positiveInt),
    )
    .addOption(
      new Option('--recycle-sessions <n>', `relaunch a browser the same way once it has served this many sessions; default ${PROVIDER_DEFAULTS.recycle.maxSessions}`)
        .env('BROWSER_PROVIDER_RECYCLE_SESSIONS')
        .argParser(positiveInt),
    );
}

/**
 * How the engines are made, from the shared flags: passed to chooseEngines as options. The Grid and
 * attach flags fall back to their environment variables where the backends are made (browsers.ts).
 */
export function backendOptions(o: ServerFlags): BackendOptions {
  return {
    attachUrl: o.attachUrl,
    grid: { url: o.gridUrl, capabilities: o.gridCapabilities },
    recycle: { budgetMb: o.recycleBudgetMb, maxSessions: o.recycleSessions },
  };
}

/** The provider server's options from the shared flags. */
export function serverOptions(o: ServerFlags, choice: EngineChoice): ProviderServerOptions {
  return {
    ...engineOptions(choice),
    prelaunch: o.prelaunch,
    allowDebug: o.allowDebug,
    allowEval: o.allowEval,
    allowExtensions: o.allowExtensions,
    uploadRoots: o.uploadRoot,
    maxSessions: o.maxSessions,
    maxTabs: o.maxTabs,
    ...(o.timeoutMs ? { defaultTimeoutMs: o.timeoutMs } : {}),
    ...(o.profileRoot ? { profileRoot: resolve(o.profileRoot) } : {}),
  };
}
