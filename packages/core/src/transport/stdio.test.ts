import { statSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { OpArgs, OpName, OpResult } from '@browser-provider/page-script';
import { describe, expect, it } from 'vitest';
import type { BackendSession, FrameKey, SessionOptions } from '../backend';
import { ScratchDir } from '../toolkit/scratch';
import { MAX_INLINE_BYTES } from '../state/limits';
import { Provider } from '../provider';
import { StubBackend, StubPage } from '../testing/stub-backend';
import { leadingId } from './leading-id';
import { MAX_LINE_BYTES, serveStdio } from './stdio';

/** A page with a file input that records the sizes of the files it was given. */
class UploadPage extends StubPage {
  sizes: number[] = [];
  override async call<K extends OpName>(frame: FrameKey, op: K, args: OpArgs<K>, signal: AbortSignal): Promise<OpResult<K>> {
    if (op === 'fileInput') return { ok: true, multiple: true } as OpResult<K>;
    if (op === 'query') return { ok: true, doc: this.doc, matches: [{ id: 2, role: 'textbox', name: 'file' }], iframes: [] } as OpResult<K>;
    return super.call(frame, op, args, signal);
  }
  async setFiles(_frame: FrameKey, _doc: string, _id: number, paths: string[]): Promise<void> {
    this.sizes = paths.map((p) => statSync(p).size);
  }
}

class UploadBackend extends StubBackend {
  page = new UploadPage('t1');
  override optionalList = ['upload.set_files' as const];
  override async createSession(opts: SessionOptions): Promise<BackendSession> {
    const base = await super.createSession(opts);
    const scratch = new ScratchDir('bp-stdio-test-');
    return { ...base, scratch, newPage: async () => this.page, close: async () => scratch.dispose() };
  }
}

function server(maxLineBytes?: number) {
  const backend = new UploadBackend();
  const provider = new Provider({ backend, log: () => undefined });
  const input = new PassThrough();
  const output = new PassThrough();
  const answers: any[] = [];
  let buffered = '';
  output.on('data', (c: Buffer) => {
    buffered += c.toString('utf8');
    for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
      answers.push(JSON.parse(buffered.slice(0, nl)));
      buffered = buffered.slice(nl + 1);
    }
  });
  const { done } = serveStdio(provider, { input, output, ...(maxLineBytes ? { maxLineBytes } : {}) });
  const answer = async (id: unknown) => {
    for (let i = 0; i < 6000; i++) {
      const a = answers.find((x) => x.id === id);
      if (a) return a;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no answer for ${JSON.stringify(id)}`);
  };
  const send = (line: string) => input.write(`${line}\n`);
  return { backend, answers, answer, send, end: async () => (input.end(), await done, await provider.shutdown()) };
}

describe('an oversized line is answered with its id when the line starts with it', () => {
  const pad = 'x'.repeat(5_000);
  it.each([
    ['a string id first', `{"id":"big-1","protocol_version":"0.1","method":"page.type","params":{"text":"${pad}"}}`, 'big-1'],
    ['a number id after the version and method', `{ "protocol_version" : "0.1", "method":"page.type", "id" : 42 ,"params":{"text":"${pad}"}}`, 42],
    ['an id with escapes', `{"protocol_version":"0.1","id":"a\\"b\\u00e9","params":{"text":"${pad}"}}`, 'a"bé'],
    ['an id after a small nested member', `{"meta":{"a":[1,{"b":"}"}]},"id":"n","params":"${pad}"}`, 'n'],
    ['an id after the huge params: unreadable', `{"protocol_version":"0.1","params":{"text":"${pad}"},"id":"late"}`, null],
    ['no id at all', `{"protocol_version":"0.1","params":{"text":"${pad}"}}`, null],
    ['an id of the wrong type', `{"id":{"x":1},"params":"${pad}"}`, null],
    ['not an object', `["id","x","${pad}"]`, null],
  ])('%s', async (_name, line, id) => {
    const s = server(1_000);
    s.send(line);
    s.send('{"protocol_version":"0.1","id":"after","method":"provider.status"}');
    expect((await s.answer('after')).ok).toBe(true);
    const refusal = s.answers.find((a) => a.id !== 'after');
    expect(refusal).toMatchObject({ id, ok: false, error: { code: 'invalid_request', details: { code: 'payload_too_large', limit_bytes: 1_000, repair: { method: 'provider.describe' } } } });
    await s.end();
  });

  it('leadingId never reads past a value cut off by the head', () => {
    expect(leadingId('{"id":"unfinished')).toBeNull();
    expect(leadingId('{"id":12')).toBeNull();
    expect(leadingId('{"params":{"a":"b"')).toBeNull();
  });
});

describe('the documented inline upload maximum is the real one', () => {
  const upload = (id: string, bytes: number, sessionId: string) =>
    JSON.stringify({
      protocol_version: '0.1',
      id,
      method: 'upload.set_files',
      params: { session_id: sessionId, selector: 'input', files: [{ name: 'big.bin', data_base64: Buffer.alloc(bytes, 7).toString('base64') }] },
    });

  it(`MAX_LINE_BYTES holds ${MAX_INLINE_BYTES} bytes of base64 and the envelope`, () => {
    expect(upload('x', MAX_INLINE_BYTES, 'sess_'.padEnd(41, '0')).length).toBeLessThan(MAX_LINE_BYTES);
    // Building 50 MiB of base64 takes a second on an idle box and far more on a loaded one.
  }, 60_000);

  it('exactly 50 MiB inline through stdio is uploaded whole; one byte more is payload_too_large with the id', async () => {
    const s = server();
    s.send('{"protocol_version":"0.1","id":"ens","method":"session.ensure","params":{}}');
    const sid = (await s.answer('ens')).result.session_id as string;
    s.send(upload('at-limit', MAX_INLINE_BYTES, sid));
    expect(await s.answer('at-limit')).toMatchObject({ ok: true, result: { files: 1 } });
    expect(s.backend.page.sizes).toEqual([MAX_INLINE_BYTES]);
    s.send(upload('over-limit', MAX_INLINE_BYTES + 1, sid));
    expect((await s.answer('over-limit')).error).toMatchObject({ code: 'invalid_request', details: { code: 'payload_too_large', limit_bytes: MAX_INLINE_BYTES } });
    await s.end();
  }, 120_000);
});
