import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import {
  EventEnvelope,
  METHODS,
  PROTOCOL_VERSION,
  ResponseEnvelope,
  isMethodName,
  type ErrorEnvelope,
  type RequestId,
} from '@browser-provider/protocol';
import {
  CallAbortedError,
  CallTimeoutError,
  ClientClosedError,
  ProtocolViolationError,
  ProviderExitedError,
  clip,
} from './client-errors';

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

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the provider had to be signalled because it did not exit after stdin closed. */
  killed: boolean;
}

export type ProviderEvent = z.infer<typeof EventEnvelope>;

interface Pending {
  method: string;
  resolve: (r: ResponseEnvelope) => void;
  reject: (e: Error) => void;
}

const STDERR_TAIL = 8_192;

/**
 * Drives one provider process through the 0.1 envelope over stdio: newline-delimited JSON, many
 * requests in flight matched by id, events collected on the side. Every line the provider writes is
 * checked against the protocol's schemas; anything off-schema is recorded as a violation and fails the
 * call it belongs to, because a client in the field could not have used it either.
 */
export class ProviderClient {
  readonly events: ProviderEvent[] = [];
  readonly violations: ProtocolViolationError[] = [];
  /** Error responses with `id: null` (answers to lines the provider could not read). */
  readonly orphanErrors: ErrorEnvelope[] = [];

  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<RequestId, Pending>();
  private readonly orphanWaiters: Array<(e: ErrorEnvelope) => void> = [];
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly log: WriteStream | undefined;
  private readonly defaultTimeoutMs: number;
  private stderrTail = '';
  private nextId = 1;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private closing = false;

  constructor(options: ClientOptions) {
    const [file, ...args] = options.command;
    if (file === undefined) throw new TypeError('provider command is empty');
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 30_000;
    this.log = options.stderrLog === undefined ? undefined : createWriteStream(options.stderrLog, { flags: 'a' });
    // detached: the provider leads its own process group, so a kill reaches anything it forgot to reap.
    this.child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.child.stdin.on('error', () => undefined); // EPIPE after exit surfaces through 'exit' instead.
    this.child.stderr.on('data', (chunk: Buffer) => this.onStderr(chunk));
    createInterface({ input: this.child.stdout, crlfDelay: Infinity }).on('line', (l) => this.onLine(l));
    this.exited = new Promise((resolve) => {
      const done = (code: number | null, signal: NodeJS.Signals | null) => {
        if (this.exit) return;
        this.exit = { code, signal };
        const error = new ProviderExitedError(code, signal, this.stderr());
        for (const p of this.pending.values()) p.reject(error);
        this.pending.clear();
        resolve(this.exit);
      };
      this.child.on('exit', done);
      this.child.on('error', (e) => {
        this.onStderr(Buffer.from(`[conformance] spawn failed: ${e.message}\n`));
        done(null, null);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exit !== undefined;
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
    const id = `c${this.nextId++}`;
    return this.request(id, method, JSON.stringify({ protocol_version: PROTOCOL_VERSION, id, method, params }), options);
  }

  /**
   * Sends `envelope` exactly as given (wrong protocol_version, odd params, unknown fields…) and awaits
   * the answer to its `id`, which must be a valid request id not already in flight. For fuzzing the
   * envelope itself; the answer is checked like any other (a result only when `method` is a known name).
   */
  callRaw(envelope: Record<string, unknown> & { id: RequestId }, options: CallOptions = {}): Promise<ResponseEnvelope> {
    const { id } = envelope;
    if (this.pending.has(id)) return Promise.reject(new TypeError(`id ${String(id)} is already in flight`));
    const method = typeof envelope.method === 'string' ? envelope.method : '(no method)';
    return this.request(id, method, JSON.stringify(envelope), options);
  }

  private request(id: RequestId, method: string, line: string, options: CallOptions): Promise<ResponseEnvelope> {
    if (this.closing || this.exit) return Promise.reject(new ClientClosedError(method));
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(new CallAbortedError(method, signal.reason));
    return new Promise<ResponseEnvelope>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      const onAbort = () => {
        cleanup();
        reject(new CallAbortedError(method, signal?.reason));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new CallTimeoutError(method, timeoutMs));
      }, timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        method,
        resolve: (r) => (cleanup(), resolve(r)),
        reject: (e) => (cleanup(), reject(e)),
      });
      this.write(line);
    });
  }

  /** Writes a line verbatim (a newline is added if missing), for malformed-input tests. */
  sendRaw(line: string): void {
    this.write(line.endsWith('\n') ? line.slice(0, -1) : line);
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
    this.closing = true;
    if (!this.exit) this.child.stdin.end();
    let killed = false;
    if (!(await this.exitedWithin(graceMs))) {
      killed = true;
      this.killGroup('SIGTERM');
      if (!(await this.exitedWithin(2_000))) this.killGroup('SIGKILL');
    }
    const exit = await this.exited;
    // Even after a clean exit, reap what the provider left in its group (a browser it did not stop).
    this.killGroup('SIGKILL');
    await new Promise<void>((resolve) => (this.log ? this.log.end(resolve) : resolve()));
    return { ...exit, killed };
  }

  private async exitedWithin(ms: number): Promise<boolean> {
    if (this.exit) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const result = await Promise.race([this.exited.then(() => true as const), timeout]);
    clearTimeout(timer);
    return result;
  }

  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // ESRCH: the group is already gone.
    }
  }

  private write(line: string): void {
    if (this.exit || this.child.stdin.destroyed || this.child.stdin.writableEnded) return;
    this.child.stdin.write(`${line}\n`);
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

  private onLine(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.violation('stdout carried a line that is not JSON (stdout is for envelopes only)', line);
      return;
    }
    if (typeof value === 'object' && value !== null && 'event' in value) {
      const event = EventEnvelope.safeParse(value);
      if (event.success) this.events.push(event.data);
      else this.violation(`malformed event envelope: ${z.prettifyError(event.error)}`, line);
      return;
    }
    const parsed = ResponseEnvelope.safeParse(value);
    const rawId = (value as { id?: unknown } | null)?.id;
    const pending = typeof rawId === 'string' || typeof rawId === 'number' ? this.pending.get(rawId) : undefined;
    if (!parsed.success) {
      const v = this.violation(`malformed response envelope: ${z.prettifyError(parsed.error)}`, line);
      pending?.reject(v);
      return;
    }
    const response = parsed.data;
    if (response.id === null) {
      if (response.ok) return; // unreachable: the schema only allows null ids on errors
      const waiter = this.orphanWaiters.shift();
      if (waiter) waiter(response);
      else this.orphanErrors.push(response);
      return;
    }
    if (!pending) {
      this.violation(`response to an id that is not in flight: ${String(response.id)}`, line);
      return;
    }
    if (response.ok && isMethodName(pending.method)) {
      const result = METHODS[pending.method].result.safeParse(response.result);
      if (!result.success) {
        pending.reject(this.violation(`${pending.method} result off-schema: ${z.prettifyError(result.error)}`, line));
        return;
      }
    }
    pending.resolve(response);
  }
}
