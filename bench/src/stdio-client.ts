import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '@browser-provider/conformance';

/**
 * The thinnest client of `browser-provider serve`: write a request line, read the answer line,
 * JSON.parse it. The conformance `ProviderClient` also validates every answer against the zod
 * schemas, which on a 1 MB snapshot costs the client tens of ms; timing through it would charge the
 * server for the checker's work. A model's host does no more than this, so neither do we.
 */

export const PROVIDER_BIN = fileURLToPath(new URL('../../apps/cli/bin/browser-provider.js', import.meta.url));

export interface Answer {
  ok: boolean;
  result?: any;
  error?: { code: string; message: string; details?: Record<string, unknown> };
  /** Length of the raw answer line, in UTF-16 code units (≈ bytes for this ASCII-heavy JSON). */
  lineChars: number;
}

export class CallFailed extends Error {
  constructor(
    readonly method: string,
    readonly answer: Answer,
  ) {
    super(`${method} failed: ${answer.error?.code}: ${answer.error?.message}`);
  }
}

export class StdioProvider {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<string, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  private readonly exited: Promise<void>;
  private nextId = 1;
  private stderrTail = '';

  /**
   * `nodeArgs` go to Node itself (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). `bin`: another
   * checkout's CLI (`pnpm bench --compare`), run as an executable so its own first lines pick its Node
   * flags, as they do for a user; `nodeArgs` do not apply to it.
   */
  constructor(browser: string, extraArgs: string[] = [], nodeArgs: string[] = [], bin?: string) {
    const args = ['serve', '--browser', browser, ...extraArgs];
    // detached: the server leads its own group, so a kill reaches any browser it failed to stop.
    this.child = bin
      ? spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true })
      : spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, PROVIDER_BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child.stdin.on('error', () => undefined);
    this.child.stderr.on('data', (c: Buffer) => (this.stderrTail = (this.stderrTail + c.toString()).slice(-4000)));
    createInterface({ input: this.child.stdout, crlfDelay: Infinity }).on('line', (line) => this.onLine(line));
    this.exited = new Promise((r) =>
      this.child.once('exit', (code, sig) => {
        for (const p of this.pending.values()) p.reject(new Error(`provider exited (${code ?? sig}): ${this.stderrTail.slice(-600)}`));
        this.pending.clear();
        r();
      }),
    );
  }

  get pid(): number {
    return this.child.pid as number;
  }

  private onLine(line: string): void {
    let msg: { id?: unknown; ok?: boolean; result?: unknown; error?: Answer['error']; event?: unknown };
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (msg.event !== undefined || typeof msg.id !== 'string') return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    p.resolve({ ok: msg.ok === true, result: msg.result, ...(msg.error ? { error: msg.error } : {}), lineChars: line.length });
  }

  /** Sends one request; resolves with the answer, ok or not. */
  send(method: string, params: Record<string, unknown>, timeoutMs = 120_000): Promise<Answer> {
    const id = `b${this.nextId++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { resolve: (a) => (clearTimeout(timer), resolve(a)), reject: (e) => (clearTimeout(timer), reject(e)) });
      this.child.stdin.write(`${JSON.stringify({ protocol_version: '0.1', id, method, params: { timeout_ms: timeoutMs, ...params } })}\n`);
    });
  }

  /** Like `send`, but a failure answer throws. */
  async call(method: string, params: Record<string, unknown>, timeoutMs?: number): Promise<any> {
    const a = await this.send(method, params, timeoutMs);
    if (!a.ok) throw new CallFailed(method, a);
    return a.result;
  }

  /** Closes stdin (the server's cue to shut down), then kills the group if it lingers. */
  async close(): Promise<void> {
    this.child.stdin.end();
    const clean = await Promise.race([this.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 15_000))]);
    try {
      process.kill(-this.pid, clean ? 'SIGKILL' : 'SIGTERM');
    } catch {
      // The group is gone.
    }
    if (!clean) {
      await new Promise((r) => setTimeout(r, 2_000));
      try {
        process.kill(-this.pid, 'SIGKILL');
      } catch {
        // Gone.
      }
    }
  }
}
