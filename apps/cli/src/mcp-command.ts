import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { createProviderServer } from '@browser-provider/core';
import { parseBrowserSpec, type BrowserSpec } from './browsers';
import { chooseEngines, engineOptions } from './engines';
import { exportGridFlags, parseGridCapabilities, parseGridUrl } from './grid';

/** A parse failure as commander's invalid-argument error (it prints the message and the usage). */
function asArgument<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

interface McpFlags {
  browser: BrowserSpec;
  prelaunch: boolean;
  allowDebug: boolean;
  allowEval: boolean;
  allowExtensions: boolean;
  attachUrl?: string;
  uploadRoot: string[];
  timeoutMs?: number;
  profileRoot?: string;
  http?: string;
  token?: string;
}

const positiveInt = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
};

/**
 * `browser-provider mcp`: the same engines and flags as `serve`, spoken as MCP. The MCP package (and
 * the SDK under it) is imported only when this command runs, so `serve` never loads it.
 */
export function addMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('Serve MCP tools (browser_navigate, browser_click, …) on stdio, or on Streamable HTTP with --http (loopback only).')
    .requiredOption('--browser <names>', 'firefox | chrome | safari, a comma-separated list of them (the first is the default engine), or auto (every installed one)', (v: string) => {
      try {
        return parseBrowserSpec(v);
      } catch (e) {
        throw new InvalidArgumentError((e as Error).message);
      }
    })
    .option('--prelaunch', "start every engine's browser at server start, so the first session does not wait for a launch", false)
    .option('--allow-debug', 'enable raw protocol passthrough in the provider', false)
    .option('--allow-eval', 'offer browser_evaluate (page.eval)', false)
    .option('--allow-extensions', 'enable installing browser extensions in the provider; an extension reaches every session', false)
    .option('--attach-url <url>', 'attach to a running browser at this endpoint instead of launching one')
    .option('--upload-root <dir>', 'a directory browser_file_upload may read files from (repeatable; none = paths refused)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--timeout-ms <ms>', 'default deadline of a request', positiveInt)
    .option('--profile-root <dir>', 'where persistent profiles (browser_session persist) live')
    .option('--grid-url <url>', 'take browsers from this Selenium Grid 4 instead of launching them; default $BROWSER_PROVIDER_GRID_URL', (v: string) => asArgument(() => parseGridUrl(v)))
    .option('--grid-capabilities <json>', "with --grid-url: capabilities merged over each engine's; default $BROWSER_PROVIDER_GRID_CAPABILITIES", (v: string) => asArgument(() => parseGridCapabilities(v)))
    .hook('preAction', (cmd) => exportGridFlags(cmd.opts()))
    .option('--http <host:port>', 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio; HOST must be loopback (127.0.0.1, ::1, localhost)')
    .option('--token <token>', 'with --http: require Authorization: Bearer <token> (default: $BROWSER_PROVIDER_MCP_TOKEN)')
    .action(async (o: McpFlags) => {
      const mcp = await import('@browser-provider/mcp');
      let listen: { host: string; port: number } | undefined;
      try {
        listen = o.http !== undefined ? mcp.parseListen(o.http) : undefined;
      } catch (e) {
        program.error(`error: ${(e as Error).message}`);
      }
      const log = (m: string) => process.stderr.write(`[browser-provider mcp] ${m}\n`);
      const choice = await chooseEngines(o.browser, { attachUrl: o.attachUrl }).catch((e: unknown) => program.error((e as Error).message));
      const provider = createProviderServer(choice.backends, {
        ...engineOptions(choice),
        prelaunch: o.prelaunch,
        allowDebug: o.allowDebug,
        allowEval: o.allowEval,
        allowExtensions: o.allowExtensions,
        uploadRoots: o.uploadRoot,
        log,
        ...(o.timeoutMs ? { defaultTimeoutMs: o.timeoutMs } : {}),
        ...(o.profileRoot ? { profileRoot: resolve(o.profileRoot) } : {}),
      });
      const options = { allowEval: o.allowEval, log };
      if (listen === undefined) {
        await mcp.runMcpStdio(provider, options);
        process.exit(0);
      }
      const token = o.token ?? process.env.BROWSER_PROVIDER_MCP_TOKEN;
      const server = await mcp.runMcpHttp(provider, { ...options, ...listen, token });
      log(`listening on ${server.url}${token ? ' (bearer token required)' : ''}`);
      const stop = async (sig: NodeJS.Signals) => {
        log(`stopping: received ${sig}`);
        await server.close();
        await provider.close(`received ${sig}`).catch(() => undefined);
        process.exit(sig === 'SIGINT' ? 130 : 143);
      };
      process.once('SIGINT', (s) => void stop(s));
      process.once('SIGTERM', (s) => void stop(s));
    });
}
