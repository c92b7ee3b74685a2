import { createWriteStream, type WriteStream } from 'node:fs';
import { spawnProvider, type CallOptions, type ProviderExit, type SpawnedProvider, type WireLine } from '@browser-provider/client/stdio';
import { z } from 'zod';
import { EventEnvelope, METHODS, ResponseEnvelope, isMethodName, type ErrorEnvelope, type RequestId } from '@browser-provider/protocol';
import { CallTimeoutError, ProtocolViolationError, clip } from './client-errors';

export type { CallOptions } from '@browser-provider/client/stdio';

export interface ProviderCommand {
  /** argv: the executable first. Never run through a shell. */
  command: readonly string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface ClientOptions extends ProviderCommand {
  /** Where the provider's stderr is appended; it is also kept (tail only) in memory. */
  stderrLog?: string;
  defaultTimeoutMs?: number;
}

/** How the provider ended; `killed`: it had to be signalled because it did not exit after stdin closed. */
export type ExitInfo = ProviderExit;

export type ProviderEvent = z.infer<typeof EventEnvelope>;

const STDERR_TAIL = 8_192;

/**
 * The typed client (`@browser-provider/client`) held to the protocol: every line the provider
 * writes is checked against the schemas, and anything off-schema is recorded as a violation and
 * fails the call it belongs to, because a client in the field could not have used it either. The
 * provider runs in its own process group, so closing reaps whatever it left behind.
 */
export class ProviderClient {
  readonly events: ProviderEvent[] = [];
  readonly violations: ProtocolViolationError[] = [];
  /** Error responses with `id: null` (answers to lines the provider could not read), not yet taken. */
  readonly orphanErrors: ErrorEnvelope[] = [];

  private readonly provider: SpawnedProvider;
  private readonly orphanWaiters: Array<(e: ErrorEnvelope) => void> = [];
  private readonly log: WriteStream | undefined;
  private readonly defaultTimeoutMs: number;
  private stderrTail = '';

  constructor(options: ClientOptions) {
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 30_000;
    this.log = options.stderrLog === undefined ? undefined : createWriteStream(options.stderrLog, { flags: 'a' });
    this.provider = spawnProvider({
      command: options.command,
      ...(options.env ? { env: options.env } : {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
      stderr: (chunk) => this.onStderr(chunk),
      processGroup: true,
      onLine: (line) => (line.direction === 'received' ? this.check(line) : undefined),
    });
    this.provider.onEvent((e) => this.events.push(e));
  }

  get pid(): number | undefined {
    return this.provider.pid;
  }

  get hasExited(): boolean {
    return this.provider.exitStatus !== undefined;
  }

  /** The last few KB the provider wrote to stderr, for failure messages. */
  stderr(): string {
    return this.stderrTail;
  }

  /**
   * Sends one request and resolves with its response envelope, `ok:false` included: an error answer
   * is data for the scenario to judge. Rejects on timeout, abort, provider exit or a malformed answer.
   */
  call(method: string, params: Record<string, unknown> = {}, options: CallOptions = {}): Promise<ResponseEnvelope> {
    return this.provider.callUntyped(method, params, this.withDefaults(options));
  }

  /**
   * Sends `envelope` exactly as given (wrong protocol_version, odd params, unknown fields…) and awaits
   * the answer to its `id`, which must be a valid request id not already in flight. For fuzzing the
   * envelope itself; the answer is checked like any other (a result only when `method` is a known name).
   */
  callRaw(envelope: Record<string, unknown> & { id: RequestId }, options: CallOptions = {}): Promise<ResponseEnvelope> {
    return this.provider.sendLine(JSON.stringify(envelope), { ...this.withDefaults(options), id: envelope.id });
  }

  /** Writes a line verbatim (a newline is added if missing), for malformed-input tests; nextOrphanError gets its answer. */
  sendRaw(line: string): void {
    const text = line.endsWith('\n') ? line.slice(0, -1) : line;
    this.provider.sendLine(text, { timeoutMs: this.defaultTimeoutMs }).then(
      (answer) => (answer.ok ? undefined : this.orphan(answer)),
      () => undefined, // unanswered: nextOrphanError times out on its own
    );
  }

  /** Resolves with the next `id: null` error answer (or one already received and not yet taken). */
  nextOrphanError(timeoutMs = this.defaultTimeoutMs): Promise<ErrorEnvelope> {
    const ready = this.orphanErrors.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const waiter = (e: ErrorEnvelope) => (clearTimeout(timer), resolve(e));
      const timer = setTimeout(() => {
        this.orphanWaiters.splice(this.orphanWaiters.indexOf(waiter), 1);
        reject(new CallTimeoutError('(raw line)', timeoutMs));
      }, timeoutMs);
      this.orphanWaiters.push(waiter);
    });
  }

  /**
   * Ends stdin (the provider's cue to shut down), waits `graceMs` for it to exit, then signals the
   * whole process group: SIGTERM, and SIGKILL if that is ignored too.
   */
  async close(graceMs = 10_000): Promise<ExitInfo> {
    await this.provider.close({ graceMs });
    await new Promise<void>((resolve) => (this.log ? this.log.end(resolve) : resolve()));
    const exit = this.provider.exitStatus;
    if (!exit) throw new Error('unreachable: close() resolves after the exit');
    return exit;
  }

  private withDefaults(options: CallOptions): CallOptions {
    return { ...options, timeoutMs: options.timeoutMs ?? this.defaultTimeoutMs };
  }

  private orphan(answer: ErrorEnvelope): void {
    const waiter = this.orphanWaiters.shift();
    if (waiter) waiter(answer);
    else this.orphanErrors.push(answer);
  }

  private onStderr(chunk: Buffer): void {
    this.log?.write(chunk);
    this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  }

  private violation(message: string, line: string): ProtocolViolationError {
    const v = new ProtocolViolationError(message, clip(line));
    this.violations.push(v);
    return v;
  }

  /** Every line the provider writes, before the client uses it: an Error refuses the line (and fails its call). */
  private check({ text, request }: WireLine): Error | undefined {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.violation('stdout carried a line that is not JSON (stdout is for envelopes only)', text);
    }
    if (typeof value === 'object' && value !== null && 'event' in value) {
      const event = EventEnvelope.safeParse(value);
      return event.success ? undefined : this.violation(`malformed event envelope: ${z.prettifyError(event.error)}`, text);
    }
    const parsed = ResponseEnvelope.safeParse(value);
    if (!parsed.success) return this.violation(`malformed response envelope: ${z.prettifyError(parsed.error)}`, text);
    const response = parsed.data;
    if (response.id === null) {
      // An answer to a line the provider could not read: sendRaw's, or one nobody asked for.
      if (!request && !response.ok) this.orphan(response);
      return undefined;
    }
    if (!request) return this.violation(`response to an id that is not in flight: ${String(response.id)}`, text);
    if (response.ok && request.method !== undefined && isMethodName(request.method)) {
      const result = METHODS[request.method].result.safeParse(response.result);
      if (!result.success) return this.violation(`${request.method} result off-schema: ${z.prettifyError(result.error)}`, text);
    }
    return undefined;
  }
}
