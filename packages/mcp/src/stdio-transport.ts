import type { Readable, Writable } from 'node:stream';
import { leadingId, LineSplitter } from '@browser-provider/core';
import { serializeMessage, STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * MCP over a byte stream, one JSON-RPC message per line, as the SDK's stdio transport, but a line over
 * the limit is refused rather than fatal. The SDK's transport closes itself when its buffer passes
 * 10 MiB, and the server then exited 0 without a word. Here the long line is dropped as it streams
 * (core's LineSplitter: never held whole), answered by its id when the line's start names one, and
 * logged; every other message is served as before. A line that is not a JSON-RPC message is
 * answered as a parse error when its id can be read. A refusal without an id is only logged: the
 * SDK's clients cannot parse a response whose id is null.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (e: Error) => void;
  onmessage?: (m: JSONRPCMessage) => void;
  readonly #splitter: LineSplitter;
  #closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly log: (m: string) => void,
    readonly maxLineBytes = STDIO_DEFAULT_MAX_BUFFER_SIZE,
  ) {
    this.#splitter = new LineSplitter(maxLineBytes, (line) => this.#line(line), (bytes, head) => this.#oversized(bytes, head));
  }

  readonly #onData = (chunk: Buffer | string) => this.#splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  readonly #onError = (e: Error) => this.onerror?.(e);

  async start(): Promise<void> {
    this.input.on('data', this.#onData);
    this.input.on('error', this.#onError);
  }

  #line(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch {
      this.log(`refused a line that is not a JSON-RPC message (${Buffer.byteLength(line)} bytes)`);
      void this.#refuse(leadingId(line.slice(0, 4096)), ErrorCode.ParseError, 'Parse error: the line is not a JSON-RPC message.');
      return;
    }
    this.onmessage?.(message);
  }

  #oversized(bytes: number, head: string): void {
    const id = leadingId(head);
    this.log(`refused a message of ${bytes} bytes (the limit is ${this.maxLineBytes})${id !== null ? ` with id ${JSON.stringify(id)}` : ', its id unreadable'}; still serving`);
    void this.#refuse(id, ErrorCode.InvalidRequest, `Request too large: the message is ${bytes} bytes; the limit is ${this.maxLineBytes}. Send less in one call.`);
  }

  #refuse(id: string | number | null, code: number, message: string): Promise<void> {
    if (id === null) return Promise.resolve();
    return this.#write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#write(serializeMessage(message));
  }

  #write(line: string): Promise<void> {
    if (this.#closed || !this.output.writable) return Promise.resolve();
    return new Promise((resolve) => (this.output.write(line) ? resolve() : this.output.once('drain', resolve)));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.input.off('data', this.#onData);
    this.input.off('error', this.#onError);
    this.input.pause();
    this.onclose?.();
  }
}
