import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fakeProviderCommand } from '../../../conformance/src/testing/fake-command';
import { spawnProvider, type ParamsOf, type TypedProvider } from './index';

const alive = (pid: number | undefined) => pid !== undefined && spawnSync('kill', ['-0', String(pid)]).status === 0;

/**
 * The typed client over a child process, against conformance's fake provider (a stub provider: these
 * tests are about the client's envelopes and its close, not a browser; client.browser.test.ts is).
 */
describe('spawnProvider (stdio client)', { timeout: 120_000 }, () => {
  it('answers envelopes typed by the method table, and close() leaves no process', async () => {
    const provider = spawnProvider({ command: fakeProviderCommand(), stderr: 'ignore' });
    const described = await provider.call('provider.describe');
    expect(described.ok).toBe(true);
    if (described.ok) expect(described.result.protocol_version).toBe('0.1');
    const session = await provider.call('session.ensure', { client_session_id: 'client-test' });
    if (!session.ok) throw new Error(session.error.message);
    const bad = await provider.call('page.open', { session_id: 'no-such-session', url: 'http://127.0.0.1:9/' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBeTypeOf('string');
    const pid = provider.pid;
    expect(alive(pid)).toBe(true);
    await provider.close();
    expect(alive(pid)).toBe(false);
    await expect(provider.call('provider.describe')).rejects.toThrow(/closed/);
  });
});

/** Compile-time only (tsc -p tsconfig.json checks this file): a wrong param must not type-check. */
export function typeChecks(p: TypedProvider): void {
  // @ts-expect-error url must be a string
  void p.call('page.open', { session_id: 's', url: 42 });
  // @ts-expect-error session_id is required by page.snapshot
  void p.call('page.snapshot', {});
  // @ts-expect-error not a method of the protocol
  void p.call('page.teleport', {});
  // @ts-expect-error page.click takes no `target` key (exactly-one-of is checked at run time)
  void p.call('page.click', { session_id: 's', target: 'e1' });
  const ok: ParamsOf<'page.click'> = { session_id: 's', element_ref: 'e1' };
  void p.call('page.click', ok).then((r) => (r.ok ? r.result.page_id.toUpperCase() : r.error.code));
}
