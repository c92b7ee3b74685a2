import { StubBackend } from '@browser-provider/core/testing';
import { PROVIDER_DEFAULTS } from '@browser-provider/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CallError } from './errors';
import { createProvider } from './in-process';
import type { BoundArgs, CallValue, ProviderPage, ProviderSession } from './method-types';
import { argsToParams, bindingsOf } from './session';

describe('the session-bound client is derived from the method tables', () => {
  it('puts each method on a page or a session by its params, with its ref and positional field', () => {
    const pick = (home: 'page' | 'session', method: string) => bindingsOf(home).find((b) => b.method === method);
    // A table of what the derivation gives; a change to the protocol that moves one shows here.
    expect(pick('page', 'page.click')).toEqual({ method: 'page.click', ns: undefined, key: 'click', ref: true, lone: undefined });
    expect(pick('page', 'page.type')).toEqual({ method: 'page.type', ns: undefined, key: 'type', ref: true, lone: 'text' });
    expect(pick('page', 'page.go_back')).toMatchObject({ key: 'goBack', ref: false, lone: undefined });
    expect(pick('page', 'page.open')).toMatchObject({ key: 'open', lone: 'url' });
    expect(pick('page', 'upload.set_files')).toMatchObject({ ns: 'upload', key: 'setFiles', ref: true, lone: 'files' });
    expect(pick('page', 'page.set_viewport')).toMatchObject({ lone: undefined }); // width and height: two required, none positional
    expect(pick('page', 'dialog.handle')).toMatchObject({ ns: 'dialog', key: 'handle', lone: 'accept' });
    expect(pick('session', 'session.close')).toEqual({ method: 'session.close', ns: undefined, key: 'close', ref: false, lone: undefined });
    expect(pick('session', 'tab.activate')).toMatchObject({ ns: 'tab', key: 'activate', lone: 'tab_id' });
    expect(pick('session', 'jobs.submit')).toMatchObject({ ns: 'jobs', key: 'submit', lone: 'steps' });
    // Provider-wide methods are on neither; a page method is not on the session.
    for (const home of ['page', 'session'] as const) expect(bindingsOf(home).map((b) => b.method)).not.toContain('session.ensure');
    expect(pick('session', 'page.click')).toBeUndefined();
  });

  it('reads a ref, then the positional field, then params and options, and refuses anything else', () => {
    const type = bindingsOf('page').find((b) => b.method === 'page.type')!;
    const signal = AbortSignal.timeout(1_000);
    expect(argsToParams(type, ['e4', 'hello', { submit: true }, { signal }])).toEqual({ params: { element_ref: 'e4', text: 'hello', submit: true }, options: { signal } });
    expect(argsToParams(type, [{ selector: '#q', text: 'x' }])).toEqual({ params: { selector: '#q', text: 'x' }, options: undefined });
    expect(argsToParams(type, ['e4', { text: 'x' }])).toEqual({ params: { element_ref: 'e4', text: 'x' }, options: undefined });
    expect(() => argsToParams(type, ['e4', 'x', 'y'])).toThrow(/argument 3 should be the params object/);
  });

  it('types each bound method from the table: ids never passed, results typed', () => {
    expectTypeOf<[string]>().toExtend<BoundArgs<'page.click'>>();
    expectTypeOf<[string, string]>().toExtend<BoundArgs<'page.type'>>();
    expectTypeOf<[{ element_ref: string; text: string }]>().toExtend<BoundArgs<'page.type'>>();
    expectTypeOf<[{ session_id: string }]>().not.toExtend<BoundArgs<'page.snapshot'>>();
    expectTypeOf<[number]>().not.toExtend<BoundArgs<'page.click'>>();
    expectTypeOf<[string]>().not.toExtend<BoundArgs<'page.set_viewport'>>();
    // A leading string of a method that takes an element is its ref, never the positional field.
    expectTypeOf<[string]>().not.toExtend<BoundArgs<'page.type'>>();
    expectTypeOf<[string]>().toExtend<BoundArgs<'page.eval'>>();
    expectTypeOf<ProviderPage['snapshot']>().returns.resolves.toEqualTypeOf<CallValue<'page.snapshot'>>();
    expectTypeOf<ProviderPage['upload']['setFiles']>().toBeFunction();
    expectTypeOf<ProviderSession['tab']['list']>().returns.resolves.toEqualTypeOf<CallValue<'tab.list'>>();
    expectTypeOf<ProviderSession['try']['close']>().returns.resolves.toHaveProperty('ok');
  });
});

describe('provider.session over the stub engine', () => {
  it('opens, snapshots and clicks with the ids bound; throws CallError, and try returns the answer', async () => {
    const provider = await createProvider({ backends: new StubBackend() });
    try {
      const s = await provider.session({ client_session_id: 'bound' });
      expect(s.id).toMatch(/^sess_/);
      expect(s.ensured.reused).toBe(false);
      const p = await s.open('https://example.test/');
      expect(p.opened?.url).toBe('https://example.test/');
      const snap = await p.snapshot();
      const button = snap.elements.find((e) => e.role === 'button');
      expect(button).toBeDefined();
      const click = await p.click(button!.element_ref);
      expect(click.page_id).toBe(p.id);
      expect((await s.tab.list()).tabs.map((t) => t.page_id)).toEqual([p.id]);
      // Another session cannot reach this page through a handle it made up.
      const other = await provider.session();
      await expect(other.page(p.id).snapshot()).rejects.toMatchObject({ name: 'CallError', code: 'permission_denied', details: { code: 'tab_leased' } });
      const refused = await p.try.click('e999');
      expect(refused).toMatchObject({ ok: false, error: { code: 'element_not_found' } });
      const thrown = await p.click('e999').catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(CallError);
      expect(thrown).toMatchObject({ method: 'page.click', code: 'element_not_found', retryable: expect.any(Boolean) });
      expect((thrown as CallError).repair?.method).toBeDefined();
      await s.close();
      await expect(p.snapshot()).rejects.toMatchObject({ code: 'session_not_found' });
    } finally {
      await provider.close();
    }
  });

  it('holds createProvider to the same session and tab limits as serve', async () => {
    const provider = await createProvider({ backends: () => new StubBackend() });
    try {
      const sessions = await Promise.all(Array.from({ length: PROVIDER_DEFAULTS.maxSessions }, () => provider.session()));
      const over = await provider.session().catch((e: unknown) => e);
      expect(over).toMatchObject({ name: 'CallError', code: 'permission_denied', details: { code: 'session_limit', limit: PROVIDER_DEFAULTS.maxSessions } });
      const s = sessions[0]!;
      for (let i = 1; i < PROVIDER_DEFAULTS.maxTabs; i++) await s.tab.new();
      expect(await s.try.tab.new()).toMatchObject({ ok: false, error: { details: { code: 'tab_limit', limit: PROVIDER_DEFAULTS.maxTabs } } });
      // A factory is recycled like a named browser, with the defaults.
      const status = await provider.call('provider.status');
      expect(status.ok && status.result.recycle).toMatchObject({ max_sessions: PROVIDER_DEFAULTS.recycle.maxSessions, budget_mb: PROVIDER_DEFAULTS.recycle.budgetMb });
    } finally {
      await provider.close();
    }
  });
});
