import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderDescription, ResponseEnvelope } from '@browser-provider/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCustomMethod, type CustomMethod } from '../backend';
import { Dispatcher } from './dispatcher';
import { Provider, type ProviderOptions } from '../provider';
import { StubBackend } from '../testing/stub-backend';

/** A gated method that reads a server path, as firefox.install_extension does. */
const readsPath = defineCustomMethod({
  name: 'stub.install',
  description: 'test',
  stability: 'experimental',
  params: z.object({ session_id: z.string(), path: z.string() }),
  result: z.object({ real: z.string() }),
  sessionScoped: true,
  gate: 'allow-extensions',
  handle: async (p, ctx) => {
    if (ctx.confinePath === undefined) throw new Error('no confinement');
    return { real: ctx.confinePath(p.path, 'path', 'directory') };
  },
});

function setup(opts: Omit<ProviderOptions, 'backend'> = {}) {
  const backend = new StubBackend();
  backend.optionalList = ['page.hover', 'page.eval'];
  backend.featureList = ['js_eval', 'dom_snapshot'];
  backend.custom = [readsPath as unknown as CustomMethod];
  const d = new Dispatcher(new Provider({ backend, log: () => undefined, ...opts }));
  let n = 0;
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    const env = await d.handle({ protocol_version: '0.1', id: `g${++n}`, method, params });
    expect(ResponseEnvelope.safeParse(env).success).toBe(true);
    return env as any;
  };
  return { call, describe: async () => ProviderDescription.parse((await call('provider.describe')).result) };
}

describe('describe is honest about gated methods', () => {
  it('without --allow-eval, page.eval is neither callable in optional_methods nor js_eval in features, and is listed as gated', async () => {
    const caps = (await setup().describe()).capabilities;
    expect(caps.optional_methods).not.toContain('page.eval');
    expect(caps.features).not.toContain('js_eval');
    expect(caps.features).toContain('dom_snapshot');
    expect(caps.gated_methods).toContainEqual({ name: 'page.eval', gated: true, enabled: false, gate_flag: '--allow-eval', feature: 'js_eval' });
  });

  it('with --allow-eval, page.eval and js_eval are advertised, and still readable as gated', async () => {
    const caps = (await setup({ allowEval: true }).describe()).capabilities;
    expect(caps.optional_methods).toContain('page.eval');
    expect(caps.features).toContain('js_eval');
    expect(caps.gated_methods).toContainEqual({ name: 'page.eval', gated: true, enabled: true, gate_flag: '--allow-eval', feature: 'js_eval' });
  });

  it.each([false, true])('a custom method gated by --allow-extensions says so (enabled: %s)', async (on) => {
    const caps = (await setup({ allowExtensions: on }).describe()).capabilities;
    expect(caps.custom_methods.find((m) => m.name === 'stub.install')).toMatchObject({ gated: true, enabled: on, gate_flag: '--allow-extensions' });
    expect(caps.gated_methods).toContainEqual({ name: 'stub.install', gated: true, enabled: on, gate_flag: '--allow-extensions' });
  });
});

describe('gated methods are refused in one shape', () => {
  it('page.eval and a custom method both answer permission_denied / gated with the flag and a repair', async () => {
    const { call } = setup();
    const s = (await call('session.ensure')).result;
    for (const [method, params, flag] of [
      ['page.eval', { session_id: s.session_id, expression: '1' }, '--allow-eval'],
      ['stub.install', { session_id: s.session_id, path: '/' }, '--allow-extensions'],
    ] as const) {
      const env = await call(method, params);
      expect(env.ok).toBe(false);
      expect(env.error).toMatchObject({ code: 'permission_denied', details: { code: 'gated', method, gate_flag: flag, repair: { method: expect.any(String), hint: expect.stringContaining(flag) } } });
    }
  });
});

describe("a custom method's server paths are confined like uploads", () => {
  const root = mkdtempSync(join(tmpdir(), 'bp-gates-'));
  const allowed = join(root, 'allowed');
  mkdirSync(join(allowed, 'ext'), { recursive: true });
  writeFileSync(join(root, 'secret.txt'), 's');
  symlinkSync(root, join(allowed, 'up'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const run = async (path: string, roots: string[] = [allowed]) => {
    const { call } = setup({ allowExtensions: true, uploadRoots: roots });
    const s = (await call('session.ensure')).result;
    return call('stub.install', { session_id: s.session_id, path });
  };

  it('accepts a directory inside a root', async () => {
    expect((await run(join(allowed, 'ext'))).result).toEqual({ real: join(allowed, 'ext') });
  });

  it.each([
    ['an existing path outside', () => join(root, 'secret.txt')],
    ['a missing path outside', () => join(root, 'no-such-file')],
    ['a missing path under /', () => '/nonexistent'],
    ['.. out of the root', () => join(allowed, '..', 'no-such-file')],
    ['a link out of the root, to a missing file', () => join(allowed, 'up', 'no-such-file')],
  ])('refuses %s the same way, telling nothing about existence', async (_why, path) => {
    const env = await run(path());
    expect(env.error).toMatchObject({ code: 'permission_denied', details: { code: 'path_not_allowed', field: 'path' } });
    expect(env.error.message).not.toMatch(/ENOENT|no such|EACCES/i);
  });

  it('refuses every path when the server has no --upload-root', async () => {
    expect((await run(join(allowed, 'ext'), [])).error).toMatchObject({ code: 'permission_denied', details: { code: 'path_not_allowed' } });
  });

  it('inside a root, a missing path or a file where a directory is needed is invalid_request', async () => {
    expect((await run(join(allowed, 'missing'))).error).toMatchObject({ code: 'invalid_request', details: { code: 'file_not_found' } });
    writeFileSync(join(allowed, 'file'), 'x');
    expect((await run(join(allowed, 'file'))).error).toMatchObject({ code: 'invalid_request', details: { code: 'not_a_directory' } });
  });
});
