import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { SERVER_NODE_FLAGS } from '@browser-provider/conformance';

/** `browser-provider mcp` as users start it: the CLI's bin, as a child process, with the Node flags its first lines pass. */
export const BIN = fileURLToPath(new URL('../../../../apps/cli/bin/browser-provider.js', import.meta.url));

/**
 * The SDK client's stdio transport over a child we hold, so a test can close stdin and watch the
 * server exit by itself (the SDK's own transport kills the child when it does not exit in 2 s).
 */
class ChildTransport implements Transport {
  readonly #buffer = new ReadBuffer();
  onclose?: () => void;
  onerror?: (e: Error) => void;
  onmessage?: (m: JSONRPCMessage) => void;

  constructor(readonly child: ChildProcessWithoutNullStreams) {}

  async start(): Promise<void> {
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.#buffer.append(chunk);
      for (let m = this.#buffer.readMessage(); m !== null; m = this.#buffer.readMessage()) this.onmessage?.(m);
    });
    this.child.once('exit', () => this.onclose?.());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.child.stdin.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.child.stdin.end();
  }
}

/** The private folders the MCP sessions of a server made under its `--output-dir`, one per session that wrote. */
export function sessionDirs(outputDir: string): string[] {
  return readdirSync(outputDir).filter((n) => n.startsWith('session-')).map((n) => join(outputDir, n));
}

/** The one MCP session's folder under `--output-dir` (a stdio server has one session). */
export function sessionDir(outputDir: string): string {
  const dirs = sessionDirs(outputDir);
  if (dirs.length !== 1) throw new Error(`expected one session folder under ${outputDir}, found ${dirs.length}`);
  return dirs[0] as string;
}

export interface StdioServer {
  client: Client;
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
}

export async function startStdio(flags: string[]): Promise<StdioServer> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, BIN, 'mcp', ...flags], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'browser-provider-test', version: '0' });
  await client.connect(new ChildTransport(child));
  return { client, child, stderr: () => err };
}

export interface HttpServer {
  url: string;
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  connect(token?: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }>;
  stop(): Promise<number | null>;
}

/** Starts `mcp --http 127.0.0.1:0 …` and waits for the line that says where it listens. */
export async function startHttp(flags: string[]): Promise<HttpServer> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, BIN, 'mcp', '--http', '127.0.0.1:0', ...flags], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child.stderr });
  let seen = '';
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (l) => {
      seen += `${l}\n`;
      const m = /listening on (http:\/\/\S+)/.exec(l);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`mcp --http exited (${code}) before listening:\n${seen}`)));
  });
  return {
    url,
    child,
    stderr: () => seen,
    async connect(token) {
      const transport = new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {});
      const client = new Client({ name: 'browser-provider-test', version: '0' });
      await client.connect(transport);
      return { client, transport };
    },
    async stop() {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** One SDK client of a server started over `transport`, and how to stop that server. */
export async function startClient(transport: 'stdio' | 'http', flags: string[]): Promise<{ client: Client; stop: () => Promise<unknown> }> {
  if (transport === 'stdio') {
    const s = await startStdio(flags);
    return { client: s.client, stop: async () => s.child.kill('SIGKILL') };
  }
  const h = await startHttp(flags);
  return { client: (await h.connect()).client, stop: () => h.stop() };
}

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;

/** The text blocks of a tool answer, joined: what the model reads. */
export const textOf = (r: object) =>
  ((('content' in r ? r.content : undefined) ?? []) as Content)
    .filter((b) => b.type === 'text')
    .map((b) => b.text ?? '')
    .join('\n');

/** The ref on the outline line that contains `needle` (`textbox "Username" [e3]` → e3). */
export function refOf(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle) && /\[e\d+\]/.test(l));
  const m = line !== undefined ? /\[(e\d+)\]/.exec(line) : null;
  if (m === null) throw new Error(`no ref for ${JSON.stringify(needle)} in:\n${text}`);
  return m[1] as string;
}
