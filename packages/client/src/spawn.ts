import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { openChannel, type StdioOptions } from './channel';
import { ClientClosedError, ProviderClosedError, ProviderExitedError } from './errors';
import type { BrowserName, ProviderExit, SpawnedProvider } from './types';

export interface SpawnProviderOptions extends StdioOptions {
  browser?: BrowserName | readonly BrowserName[];
  /** The provider's argv (executable first; never through a shell). Default: this machine's `browser-provider serve`. */
  command?: readonly string[];
  /** Extra `serve` flags (e.g. `['--allow-eval']`) when `command` is not given. */
  args?: readonly string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /**
   * The provider's stderr: inherited by default; 'ignore' drops it; a function receives every chunk
   * (and the client keeps the tail, for ProviderExitedError's message).
   */
  stderr?: 'inherit' | 'ignore' | ((chunk: Buffer) => void);
  /** How long close() waits for the provider to exit after its stdin closed, before SIGTERM then SIGKILL. */
  exitGraceMs?: number;
  /**
   * Starts the provider as the leader of its own process group: close() signals the whole group, and
   * once the provider has exited it kills whatever it left there (a browser it did not stop).
   */
  processGroup?: boolean;
}

const STDERR_TAIL = 8_192;
/** After exit, how long the answers still in the stdout pipe get to arrive before waiting calls fail. */
const DRAIN_MS = 500;
/** After stdout closed, how long to wait for the exit that explains it. */
const EXIT_AFTER_EOF_MS = 1_000;
const KILL_AFTER_TERM_MS = 2_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Node flags the server runs with by default (its bin's first lines pass them when it is run as a
 * command): a smaller V8 young generation and heap growth, which keep the server's RSS near 80 MB with
 * a 1,000-row page open, at the price of GC time in large snapshots (docs/reliability.md, "Server
 * memory", has the trade measured).
 */
export const DEFAULT_SERVER_NODE_FLAGS: readonly string[] = ['--optimize-for-size'];

/** The environment variable that replaces the default flags; set and empty runs Node with none. */
export const NODE_FLAGS_ENV = 'BROWSER_PROVIDER_NODE_FLAGS';

/** The flags the bin's sh line picks for this environment: the variable's words when it is set, else the default. */
export function serverNodeFlags(env: Record<string, string | undefined> = process.env): readonly string[] {
  const chosen = env[NODE_FLAGS_ENV];
  return chosen === undefined ? DEFAULT_SERVER_NODE_FLAGS : chosen.split(/\s+/).filter(Boolean);
}

/** What anything that starts the bin with `node` passes (read from this process's environment at load). */
export const SERVER_NODE_FLAGS: readonly string[] = serverNodeFlags();

/** The installed CLI's bin (`@browser-provider/cli`), run with this Node and the server's flags. */
function cliCommand(): string[] {
  const require = createRequire(import.meta.url);
  let pkgPath: string;
  try {
    pkgPath = require.resolve('@browser-provider/cli/package.json');
  } catch {
    throw new Error('spawnProvider needs @browser-provider/cli installed, or a `command`');
  }
  return [process.execPath, ...SERVER_NODE_FLAGS, join(dirname(pkgPath), 'bin/browser-provider.js')];
}

/**
 * A provider in a child process, driven through the same typed client over its stdio. Calls waiting
 * when it exits reject with ProviderExitedError; close() waits for it to exit.
 */
export function spawnProvider(options: SpawnProviderOptions = {}): SpawnedProvider {
  const browsers = options.browser === undefined ? undefined : typeof options.browser === 'string' ? options.browser : options.browser.join(',');
  const argv = options.command ?? [...cliCommand(), 'serve', ...(browsers ? ['--browser', browsers] : []), ...(options.args ?? [])];
  const [file, ...args] = argv;
  if (file === undefined) throw new TypeError('spawnProvider: the command is empty');
  const { stderr = 'inherit' } = options;
  const onStderr = typeof stderr === 'function' ? stderr : undefined;
  const child = spawn(file, args, {
    stdio: ['pipe', 'pipe', typeof stderr === 'function' ? 'pipe' : stderr],
    env: options.env ?? process.env,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    detached: options.processGroup === true,
  });
  // Both are pipes (stdio[0] and [1] above); the types cannot tell because stderr's mode varies.
  const [stdin, stdout] = [child.stdin as Writable, child.stdout as Readable];
  stdin.on('error', () => undefined); // EPIPE once it exited: 'exit' says so.
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    onStderr?.(chunk);
  });

  let status: ProviderExit | undefined;
  let killed = false;
  let exitCause: Error | undefined;
  const exitedError = () => new ProviderExitedError(status?.code ?? null, status?.signal ?? null, tail, exitCause ? { cause: exitCause } : undefined);
  let inputEnded!: () => void;
  const inputEnd = new Promise<void>((resolve) => (inputEnded = resolve));
  const channel = openChannel({ input: stdout, output: stdin }, options, () => {
    inputEnded();
    void Promise.race([exited, delay(EXIT_AFTER_EOF_MS)]).then(() => {
      const error = status ? exitedError() : undefined;
      channel.end((method) => error ?? new ProviderClosedError(method));
    });
  });
  const exited = new Promise<ProviderExit>((resolve) => {
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      if (status) return;
      status = { code, signal, killed };
      channel.refuse(() => exitedError());
      resolve(status);
    };
    child.once('exit', done);
    child.on('error', (e) => {
      // Only a spawn failure ends the provider; a failed kill of a live one does not.
      if (child.pid !== undefined) return;
      exitCause = e;
      done(null, null);
    });
  });
  // The calls still waiting fail once stdout drained too: an answer written just before the exit arrives.
  const ended = exited
    .then(() => Promise.race([inputEnd, delay(DRAIN_MS)]))
    .then(() => {
      const error = exitedError();
      channel.end(() => error);
    });

  const signalProvider = (signal: NodeJS.Signals) => {
    const { pid } = child;
    if (pid === undefined) return;
    try {
      if (options.processGroup) process.kill(-pid, signal);
      else if (!status) child.kill(signal);
    } catch {
      // ESRCH: already gone.
    }
  };
  const exitedWithin = (ms: number) => Promise.race([exited.then(() => true), delay(ms).then(() => false)]);

  let closing: Promise<void> | undefined;
  return {
    ...channel.calls,
    get pid() {
      return child.pid;
    },
    get exitStatus() {
      return status;
    },
    exited,
    close: (closeOptions) =>
      (closing ??= (async () => {
        channel.refuse((method) => new ClientClosedError(method));
        if (!status) stdin.end();
        if (!(await exitedWithin(closeOptions?.graceMs ?? options.exitGraceMs ?? 15_000))) {
          killed = true;
          signalProvider('SIGTERM');
          if (!(await exitedWithin(KILL_AFTER_TERM_MS))) signalProvider('SIGKILL');
        }
        await ended;
        if (options.processGroup) signalProvider('SIGKILL');
        channel.end((method) => new ClientClosedError(method));
      })()),
  };
}
