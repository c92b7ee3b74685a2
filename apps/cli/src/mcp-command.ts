import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { createProviderServer } from '@browser-provider/core';
import { chooseEngines } from './engines';
import { addServerFlags, backendOptions, serverOptions, type ServerFlags } from './server-flags';

/** `--save-session <dir>` and its cap, on serve and mcp alike. */
export interface SaveSessionFlags {
  saveSession?: string;
  saveSessionCapMb?: number;
  saveSessionEveryStep?: boolean;
}
export const SAVE_SESSION_HELP = 'write a session report of every call (JSON Lines and one HTML timeline with screenshots) in a new folder below <dir>; it must be yours and writable by no one else';
export const SAVE_SESSION_CAP_HELP = 'the most a session report may hold, in MiB (default 50); what does not fit is left out, saying so';
export const SAVE_SESSION_EVERY_STEP_HELP = 'a screenshot after every step that changes a page, whatever it costs (default: screenshots take at most 5 % of the run\'s time, so a fast scripted run gets fewer)';

/** The checked --save-session folder and cap; undefined without the flag. The report module loads only with it. */
export async function saveSessionOf(o: SaveSessionFlags): Promise<{ dir: string; capBytes?: number; everyStep?: boolean } | undefined> {
  if (o.saveSession === undefined) return undefined;
  const mcp = await import('@browser-provider/mcp');
  const dir = await mcp.prepareRoot(resolve(o.saveSession), '--save-session', true);
  return { dir, ...(o.saveSessionCapMb !== undefined ? { capBytes: o.saveSessionCapMb * 1024 * 1024 } : {}), ...(o.saveSessionEveryStep === true ? { everyStep: true } : {}) };
}

interface McpFlags extends ServerFlags, SaveSessionFlags {
  http?: string;
  token?: string;
  httpIdleTimeout?: number;
  caps?: string;
  outputDir?: string;
  inputDir: string[];
  outputQuotaMb?: number;
}

/** Whole mebibytes, at least 1. */
const mebibytes = (v: string): number => {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || n < 1 || n > 1_048_576) throw new InvalidArgumentError('expected whole MiB from 1 to 1048576');
  return n;
};

/** Whole seconds, 0 = never; at most what a timer holds (about 24 days). */
const idleSeconds = (v: string): number => {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || n > 2_147_483) throw new InvalidArgumentError('expected whole seconds from 0 (never) to 2147483');
  return n;
};

/**
 * `browser-provider mcp`: the same engines and flags as `serve`, spoken as MCP. The MCP package (and
 * the SDK under it) is imported only when this command runs, so `serve` never loads it.
 */
export function addMcpCommand(program: Command): void {
  addServerFlags(
    program.command('mcp').description('Serve MCP tools (browser_navigate, browser_click, …) on stdio, or on Streamable HTTP with --http (loopback only).'),
    {
      allowDebug: 'enable raw protocol passthrough in the provider',
      allowEval: 'offer browser_evaluate (page.eval)',
      uploadRoot: 'a directory browser_file_upload may read files from (repeatable; none = paths refused)',
      profileRoot: 'where persistent profiles (browser_session persist) live',
    },
  )
    .option('--caps <groups>', 'offer opt-in tool groups, comma-separated, as Playwright MCP names them: vision, pdf, storage, network, testing, devtools, config')
    .option('--output-dir <dir>', 'the folder below which each MCP session writes, in a private folder of its own, the files its filename arguments name (default: a fresh private folder in the temp dir); it must be yours and writable by no one else')
    .option('--input-dir <dir>', 'a folder of files a person placed for the tools to read (browser_set_storage_state, browser_run_code filename); repeatable; read-only', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--output-quota-mb <n>', "how much one MCP session's files may hold (default 256)", mebibytes)
    .option('--save-session <dir>', SAVE_SESSION_HELP)
    .option('--save-session-cap-mb <n>', SAVE_SESSION_CAP_HELP, mebibytes)
    .option('--save-session-every-step', SAVE_SESSION_EVERY_STEP_HELP)
    .option('--http <host:port>', 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio; HOST must be loopback (127.0.0.1, ::1, localhost)')
    .option('--token <token>', 'with --http: require Authorization: Bearer <token> (default: $BROWSER_PROVIDER_MCP_TOKEN)')
    .option('--http-idle-timeout <seconds>', 'with --http: close an MCP session, and its browser session, after this long without a request (default 1800; 0 = never)', idleSeconds)
    .action(async (o: McpFlags) => {
      const mcp = await import('@browser-provider/mcp');
      let listen: { host: string; port: number } | undefined;
      let caps: ReturnType<typeof mcp.parseCaps> = [];
      try {
        listen = o.http !== undefined ? mcp.parseListen(o.http) : undefined;
        caps = o.caps !== undefined ? mcp.parseCaps(o.caps) : [];
      } catch (e) {
        program.error(`error: ${(e as Error).message}`);
      }
      // Checked before any browser starts: a folder someone else can write is refused, not used.
      const roots = await Promise.all([
        o.outputDir !== undefined ? mcp.prepareRoot(resolve(o.outputDir), '--output-dir', true) : undefined,
        ...o.inputDir.map((d) => mcp.prepareRoot(resolve(d), '--input-dir', false)),
      ]).catch((e: unknown) => program.error(`error: ${(e as Error).message}`));
      const [outputDir, ...inputDirs] = roots;
      const saveSession = await saveSessionOf(o).catch((e: unknown) => program.error(`error: ${(e as Error).message}`));
      const log = (m: string) => process.stderr.write(`[browser-provider mcp] ${m}\n`);
      const choice = await chooseEngines(o.browser, backendOptions(o)).catch((e: unknown) => program.error((e as Error).message));
      const provider = createProviderServer(choice.backends, { ...serverOptions(o, choice), log });
      const options = {
        caps,
        log,
        inputDirs: inputDirs as string[],
        ...(outputDir !== undefined ? { outputDir } : {}),
        ...(o.outputQuotaMb !== undefined ? { outputQuotaBytes: o.outputQuotaMb * 1024 * 1024 } : {}),
        ...(saveSession !== undefined ? { saveSession } : {}),
      };
      if (listen === undefined) {
        process.exit(await mcp.runMcpStdio(provider, options));
      }
      const token = o.token ?? process.env.BROWSER_PROVIDER_MCP_TOKEN;
      const idleTimeoutMs = o.httpIdleTimeout !== undefined ? o.httpIdleTimeout * 1000 : undefined;
      const server = await mcp.runMcpHttp(provider, { ...options, ...listen, token, idleTimeoutMs, maxSessions: o.maxSessions });
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
