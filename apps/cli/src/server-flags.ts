import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { ProviderServerOptions } from '@browser-provider/core';
import { parseBrowserSpec, RECYCLE_DEFAULTS, type BrowserSpec } from './browsers';
import { engineOptions, type EngineChoice } from './engines';
import { exportGridFlags, parseGridCapabilities, parseGridUrl } from './grid';

/**
 * The flags every server command takes (`serve`, `mcp`), declared once so the two cannot drift: the
 * engines, the gates (off by default; `describe` says so), uploads, profiles, deadlines and the Grid.
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
}

/** Enough for a few agents at once; a client that needs more says so (docs/security.md). */
export const DEFAULT_MAX_SESSIONS = 16;
export const DEFAULT_MAX_TABS = 20;

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
    .option('--max-sessions <n>', `at most this many sessions open at once; one more is refused (default ${DEFAULT_MAX_SESSIONS})`, positiveInt, DEFAULT_MAX_SESSIONS)
    .option('--max-tabs <n>', `at most this many tabs per session; one more is refused, a popup past it closed (default ${DEFAULT_MAX_TABS})`, positiveInt, DEFAULT_MAX_TABS)
    .option('--grid-url <url>', GRID_URL_HELP, gridUrlArg)
    .option('--grid-capabilities <json>', GRID_CAPS_HELP, gridCapsArg)
    .option('--recycle-budget-mb <mb>', `relaunch a browser (draining it first while sessions hold it) once its processes use more than this many MB; default ${RECYCLE_DEFAULTS.budgetMb}, or $BROWSER_PROVIDER_RECYCLE_BUDGET_MB`, positiveInt)
    .option('--recycle-sessions <n>', `relaunch a browser the same way once it has served this many sessions; default ${RECYCLE_DEFAULTS.maxSessions}, or $BROWSER_PROVIDER_RECYCLE_SESSIONS`, positiveInt)
    .hook('preAction', (c) => {
      const o = c.opts<{ recycleBudgetMb?: number; recycleSessions?: number }>();
      exportGridFlags(c.opts());
      // Read where the backends are made (browsers.ts), like the Grid flags.
      if (o.recycleBudgetMb !== undefined) process.env.BROWSER_PROVIDER_RECYCLE_BUDGET_MB = String(o.recycleBudgetMb);
      if (o.recycleSessions !== undefined) process.env.BROWSER_PROVIDER_RECYCLE_SESSIONS = String(o.recycleSessions);
    });
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
