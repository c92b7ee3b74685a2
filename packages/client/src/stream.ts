import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { EventEnvelope, ResponseEnvelope } from '@browser-provider/protocol';
import { idCounter, request, toResult, withTimeout } from './envelope';
import type { BrowserName } from './in-process';
import type { CallOptions, TypedProvider } from './types';

export interface StdioStreams {
  /** What the provider writes: one JSON envelope per line. */
  input: Readable;
  /** Where requests go. */
  output: Writable;
}

/**
 * A typed client over any stream pair speaking the protocol's newline-delimited JSON (a child's
 * stdio, a socket). Answers are matched by id, so calls may overlap. A line that is not an envelope
 * is ignored here: this is a client for use, conformance checks lines strictly. `close()` ends
 * `output` and fails the calls still waiting.
 */
export function connectStdio(streams: StdioStreams, onClose?: () => Promise<void>): TypedProvider {
  const pending = new Map<number, (e: ResponseEnvelope | Error) => void>();
  const sinks = new Set<(e: EventEnvelope) => void>();
  const nextId = idCounter();
  let closed: Error | undefined;
  const failAll = (e: Error) => {
    closed ??= e;
    for (const settle of pending.values()) settle(e);
    pending.clear();
  };
  const lines = createInterface({ input: streams.input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return;
    }
    const response = ResponseEnvelope.safeParse(json);
    if (response.success && typeof response.data.id === 'number') {
      pending.get(response.data.id)?.(response.data);
      pending.delete(response.data.id);
      return;
    }
    const event = EventEnvelope.safeParse(json);
    if (event.success) for (const sink of sinks) sink(event.data);
  });
  lines.on('close', () => failAll(new Error('the provider closed its output')));
  let closing: Promise<void> | undefined;
  return {
    call: ((method: string, params?: unknown, callOptions?: CallOptions) => {
      if (closed) return Promise.reject(closed);
      const id = nextId();
      const answer = new Promise<ResponseEnvelope>((resolve, reject) => pending.set(id, (r) => (r instanceof Error ? reject(r) : resolve(r))));
      streams.output.write(`${JSON.stringify(request(id, method, params))}\n`);
      return withTimeout(answer.then(toResult), callOptions?.timeoutMs, method);
    }) as TypedProvider['call'],
    onEvent: (sink) => (sinks.add(sink), () => void sinks.delete(sink)),
    close: () =>
      (closing ??= (async () => {
        streams.output.end();
        await onClose?.();
        failAll(new Error('the client was closed'));
      })()),
  };
}

export interface SpawnProviderOptions {
  browser?: BrowserName | readonly BrowserName[];
  /** The provider's argv (executable first; never through a shell). Default: this machine's `browser-provider serve`. */
  command?: readonly string[];
  /** Extra `serve` flags (e.g. `['--allow-eval']`) when `command` is not given. */
  args?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** The provider's stderr: inherited by default; 'ignore' drops it. */
  stderr?: 'inherit' | 'ignore';
  /** How long close() waits for the provider to exit after its stdin closed, before SIGTERM then SIGKILL. */
  exitGraceMs?: number;
}

/** The installed CLI's bin (`@browser-provider/cli`), run with this Node. */
function cliCommand(): string[] {
  const require = createRequire(import.meta.url);
  let pkgPath: string;
  try {
    pkgPath = require.resolve('@browser-provider/cli/package.json');
  } catch {
    throw new Error('spawnProvider needs @browser-provider/cli installed, or a `command`');
  }
  return [process.execPath, join(dirname(pkgPath), 'bin/browser-provider.js')];
}

/** A provider in a child process, driven through the same typed client; close() waits for it to exit. */
export function spawnProvider(options: SpawnProviderOptions = {}): TypedProvider & { readonly pid: number | undefined } {
  const browsers = options.browser === undefined ? undefined : typeof options.browser === 'string' ? options.browser : options.browser.join(',');
  const argv = options.command ?? [...cliCommand(), 'serve', ...(browsers ? ['--browser', browsers] : []), ...(options.args ?? [])];
  const [file, ...args] = argv;
  if (file === undefined) throw new TypeError('spawnProvider: the command is empty');
  const child = spawn(file, args, { stdio: ['pipe', 'pipe', options.stderr ?? 'inherit'], env: options.env ?? process.env });
  child.stdin.on('error', () => undefined); // EPIPE once it exited: 'exit' says so.
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const grace = options.exitGraceMs ?? 15_000;
  const waitExit = async () => {
    for (const signal of [undefined, 'SIGTERM', 'SIGKILL'] as const) {
      if (signal) child.kill(signal);
      const timer = new Promise<'late'>((r) => setTimeout(() => r('late'), signal === 'SIGKILL' ? grace : grace).unref());
      if ((await Promise.race([exited.then(() => 'done' as const), timer])) === 'done') return;
    }
  };
  const client = connectStdio({ input: child.stdout, output: child.stdin }, waitExit);
  return Object.assign(client, { pid: child.pid });
}
