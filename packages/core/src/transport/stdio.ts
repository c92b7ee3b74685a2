import type { Readable, Writable } from 'node:stream';
import type { EventEnvelope, ResponseEnvelope } from '@browser-provider/protocol';
import { Dispatcher } from '../dispatch/dispatcher';
import { ERRORS, raise } from '../catalog';
import { eventHub } from '../ops/events';
import type { Provider } from '../provider';
import { jsonLine } from './json-line';
import { MAX_INLINE_BYTES } from '../state/limits';
import { leadingId } from './leading-id';
import { LineSplitter } from './lines';

/** Bytes of a request line beyond its base64 payload: envelope, params, file names. */
const ENVELOPE_ROOM = 1024 * 1024;

/**
 * Largest request line accepted (bytes). Inline uploads are the biggest legitimate requests, so the
 * limit is what `upload.set_files` promises (MAX_INLINE_BYTES decoded) as base64, plus room for the
 * envelope and file names. (It was 32 MiB, which held only ~24 MB of base64-decoded files.)
 */
export const MAX_LINE_BYTES = 4 * Math.ceil(MAX_INLINE_BYTES / 3) + ENVELOPE_ROOM;

export interface StdioServerOptions {
  input: Readable;
  output: Writable;
  maxLineBytes?: number;
}

/**
 * One envelope per line both ways. Requests may be pipelined: each line is dispatched as it
 * arrives and answered when done (ordering within a session is the session queue's job). Only
 * envelopes are written to `output`; logs go through the provider's logger.
 * Resolves when input has ended and every answer has been written.
 */
export function serveStdio(provider: Provider, opts: StdioServerOptions): { done: Promise<void>; dispatcher: Dispatcher } {
  const dispatcher = new Dispatcher(provider);
  const inflight = new Set<Promise<void>>();
  // One write per envelope (its bytes and newline in one buffer): events land between responses, never inside one.
  const write = (envelope: ResponseEnvelope | EventEnvelope) => {
    if (!opts.output.writable) return;
    opts.output.write(jsonLine(envelope));
  };
  const offEvents = eventHub(provider).addSink(write);
  const track = (p: Promise<ResponseEnvelope>) => {
    const t = p.then(write, (e: unknown) => provider.log(`dispatch failed: ${String(e)}`)).finally(() => inflight.delete(t));
    inflight.add(t);
  };
  const splitter = new LineSplitter(
    opts.maxLineBytes ?? MAX_LINE_BYTES,
    (line) => track(dispatcher.handleLine(line)),
    // Answered with the request's id when the line's start names it, so its caller is not left waiting.
    (bytes, head) =>
      write(
        raise(ERRORS.payload_too_large, `The request line is ${bytes} bytes; the limit is ${opts.maxLineBytes ?? MAX_LINE_BYTES}.`, undefined, {
          details: { limit_bytes: opts.maxLineBytes ?? MAX_LINE_BYTES },
        }).toEnvelope(leadingId(head)),
      ),
  );
  const done = new Promise<void>((resolve) => {
    opts.input.on('data', (chunk: Buffer | string) => splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    const finish = () => {
      splitter.end();
      void Promise.allSettled([...inflight]).then(() => {
        offEvents();
        resolve();
      });
    };
    opts.input.once('end', finish);
    opts.input.once('close', finish);
  });
  return { done, dispatcher };
}
