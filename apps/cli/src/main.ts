import { Command, InvalidArgumentError } from 'commander';
import { runStdioServer } from '@browser-provider/core';
import { BROWSERS, parseBrowser, type BrowserName } from './browsers';
import { gridFromEnv } from './grid';
import { chooseEngines } from './engines';
import { addMcpCommand, SAVE_SESSION_CAP_HELP, SAVE_SESSION_EVERY_STEP_HELP, SAVE_SESSION_HELP, saveSessionOf, type SaveSessionFlags } from './mcp-command';
import { addServerFlags, backendOptions, GRID_CAPS_HELP, GRID_URL_HELP, gridCapsArg, gridUrlArg, positiveInt, serverOptions, type ServerFlags } from './server-flags';

const browserArg = (v: string): BrowserName => {
  try {
    return parseBrowser(v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
};
/** Repeatable options: each use appends. */
const collect = (v: string, all: string[]): string[] => [...all, v];
const browsersArg = (v: string): BrowserName[] => (v === 'all' ? [...BROWSERS] : v.split(',').map(browserArg));

const program = new Command()
  .name('browser-provider')
  .description('Drive real browsers through the Browser Provider Protocol 0.1.')
  .showHelpAfterError();

addServerFlags(
  program.command('serve').description('Serve the protocol on stdin/stdout (one JSON envelope per line; logs on stderr).'),
  {
    allowDebug: 'enable raw protocol passthrough (bidi.send, cdp.send, webdriver.send)',
    allowEval: 'enable page.eval',
    uploadRoot: 'a directory upload.set_files may read files from by path (repeatable; none = paths refused)',
    profileRoot: 'where persistent profiles (session.ensure persist) live; default $BROWSER_PROVIDER_PROFILE_ROOT, else $XDG_DATA_HOME/browser-provider/profiles',
  },
)
  .option('--save-session <dir>', SAVE_SESSION_HELP)
  .option('--save-session-cap-mb <n>', SAVE_SESSION_CAP_HELP, positiveInt)
  .option('--save-session-every-step', SAVE_SESSION_EVERY_STEP_HELP)
  .action(async (o: ServerFlags & SaveSessionFlags) => {
    const save = await saveSessionOf(o).catch((e: unknown) => program.error(`error: ${(e as Error).message}`));
    const choice = await chooseEngines(o.browser, backendOptions(o)).catch((e: unknown) => program.error((e as Error).message));
    if (save !== undefined) await (await import('./serve-report')).serveWithReport(choice.backends, serverOptions(o, choice), save);
    else await runStdioServer(choice.backends, serverOptions(o, choice));
    process.exit(0);
  });

addMcpCommand(program);

program
  .command('status')
  .description('Detect each browser: found, version, running, and what to install when missing.')
  .option('--browser <name>', 'firefox | chrome | safari | all', browsersArg, [...BROWSERS])
  .option('--json', 'print JSON', false)
  .option('--grid-url <url>', GRID_URL_HELP, gridUrlArg)
  .option('--grid-capabilities <json>', GRID_CAPS_HELP, gridCapsArg)
  .action(async (o: { browser: BrowserName[]; json: boolean; gridUrl?: string; gridCapabilities?: Record<string, unknown> }) => {
    // status and certify are imported when used, so serve does not load them (or the conformance suite).
    const { statusCommand } = await import('./status');
    process.exitCode = await statusCommand(o.browser, o.json, { url: o.gridUrl, capabilities: o.gridCapabilities });
  });

program
  .command('certify')
  .description('Run the conformance scenarios against each provider and print the certification matrix.')
  .option('--browser <name>', 'firefox | chrome | safari | all', browsersArg, [...BROWSERS])
  .option('--runs <n>', 'runs per scenario', positiveInt, 3)
  .option('--jobs <n>', "browsers certified at once; above 1 the run is shorter and the times include each other's load", positiveInt, 1)
  .option('--out <dir>', 'where to write the JSON and HTML reports', 'reports')
  .option('--no-docs', 'do not rewrite docs/compatibility.md (it is rewritten only when all browsers are certified together)')
  .option('--require-all', 'fail when a browser is not installed', false)
  .option('--tiers <which>', 'core (the 10 certification scenarios only) or all (adds the errors, optional and security tiers)', (v: string) => {
    if (v !== 'core' && v !== 'all') throw new InvalidArgumentError('expected core or all');
    return v;
  }, 'all')
  .option('--grid-url <url>', GRID_URL_HELP, gridUrlArg)
  .option('--grid-capabilities <json>', GRID_CAPS_HELP, gridCapsArg)
  .option('--provider-command <cmd>', 'certify any provider that speaks the protocol over stdio (split like a shell, run without one); repeatable, one matrix row each; with it, --browser certifies only the browsers named', collect, [])
  .option('--name <label>', 'the matrix label of the --provider-command in the same position', collect, [])
  .option('--expectations <file.json>', 'expected outcomes of the --provider-command in the same position (default: every scenario passes)', collect, [])
  .action(async (o: { browser: BrowserName[]; runs: number; jobs: number; out: string; docs: boolean; requireAll: boolean; tiers: 'core' | 'all'; gridUrl?: string; gridCapabilities?: Record<string, unknown>; providerCommand: string[]; name: string[]; expectations: string[] }, cmd: Command) => {
    const { certifyCommand } = await import('./certify');
    const { providerTargets } = await import('./provider-command');
    let providers;
    try {
      providers = providerTargets(o.providerCommand, o.name, o.expectations);
    } catch (e) {
      cmd.error(`error: ${(e as Error).message}`);
    }
    // Someone else's provider alone unless browsers were asked for too.
    const browser = providers.length > 0 && cmd.getOptionValueSource('browser') !== 'cli' ? [] : o.browser;
    process.exitCode = await certifyCommand({ ...o, browser, providers, grid: gridFromEnv(o.gridUrl, o.gridCapabilities) });
  });

program
  .command('record')
  .description('Record what you do in a browser window as a flow script (JSON Lines of protocol calls with stable targets); stop with Ctrl-C or by closing the window.')
  .argument('<url>', 'the page to start on')
  .option('--browser <name>', 'firefox | chrome | safari', browserArg, 'firefox' as BrowserName)
  .option('--out <file>', 'write the flow here (default: stdout)')
  .action(async (url: string, o: { browser: BrowserName; out?: string }) => {
    const { recordCommand } = await import('./record/commands');
    process.exitCode = await recordCommand({ browser: o.browser, url, out: o.out });
  });

program
  .command('replay')
  .description('Replay a recorded flow on each browser and print a per-step, per-engine matrix (exit 1 when a step fails); or export it as code.')
  .argument('<script>', 'a flow script written by record (or browser_stop_recording)')
  .option('--browser <name>', 'firefox | chrome | safari | all, or a comma-separated list', browsersArg, [...BROWSERS])
  .option('--export <format>', 'print the flow as a playwright test or a webdriverio script instead of replaying it', (v: string) => {
    if (v !== 'playwright' && v !== 'webdriverio') throw new InvalidArgumentError('expected playwright or webdriverio');
    return v;
  })
  .option('--target-timeout-ms <n>', 'how long each step waits for its target to appear', positiveInt, 5_000)
  .action(async (script: string, o: { browser: BrowserName[]; export?: 'playwright' | 'webdriverio'; targetTimeoutMs: number }) => {
    const { replayCommand } = await import('./record/commands');
    process.exitCode = await replayCommand({ script, browser: o.browser, export: o.export, targetTimeoutMs: o.targetTimeoutMs }).catch((e: unknown) => program.error(`error: ${(e as Error).message}`));
  });

await program.parseAsync(process.argv);
