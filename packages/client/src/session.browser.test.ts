import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { CallError, createProvider, spawnProvider, type TypedProvider } from './index';

/**
 * The session-bound client on real Firefox, through both transports: the same calls in this process
 * (createProvider) and over a child's stdio (spawnProvider), and createProvider's limits on a real
 * browser. One provider per transport, shared by its tests.
 */

/** A cold Firefox launch on a loaded 2-core runner can pass the 30 s default deadline; later calls take milliseconds. */
const LAUNCH_MS = 90_000;

const site = servePage(
  '<!doctype html><title>Bound</title>' +
    '<button onclick="document.querySelector(\'output\').textContent = \'Pressed by \' + document.querySelector(\'input\').value">Press me</button>' +
    '<input aria-label="Name"><output>Not pressed</output>',
);

/** Open, snapshot, type, click and read back, with no id passed; a refused call throws CallError and `try` returns it. */
async function boundFlow(provider: TypedProvider, name: string): Promise<void> {
  const s = await provider.session({ client_session_id: name });
  try {
    const p = await s.open(`${site.origin()}/`);
    expect(p.opened?.title).toBe('Bound');
    const snap = await p.snapshot({ mode: 'interactive' });
    const ref = (role: string, label: string) => snap.elements.find((e) => e.role === role && e.name === label)?.element_ref ?? '';
    const typed = await p.type(ref('textbox', 'Name'), 'Ada');
    expect(typed.page_id).toBe(p.id);
    await p.click(ref('button', 'Press me'));
    expect((await p.snapshot()).text).toContain('Pressed by Ada');
    const tabs = await s.tab.list();
    expect(tabs.tabs.map((t) => t.page_id)).toEqual([p.id]);

    const answer = await p.try.click('e99999');
    expect(answer).toMatchObject({ ok: false, error: { code: 'element_not_found' } });
    const thrown = await p.click('e99999').catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(CallError);
    expect(thrown).toMatchObject({ method: 'page.click', code: 'element_not_found' });
  } finally {
    await s.close();
  }
}

describeEngine('firefox')('session-bound client, in process, on Firefox', () => {
  let provider: TypedProvider;
  beforeAll(async () => {
    provider = await createProvider({ browser: 'firefox', maxSessions: 2, maxTabs: 2, defaultTimeoutMs: LAUNCH_MS });
  });
  afterAll(() => provider?.close());

  it('binds the session and page ids; throws CallError or returns the answer', () => boundFlow(provider, 'bound-in-process'));

  it('enforces the session and tab limits like serve', async () => {
    const [a, b] = [await provider.session(), await provider.session()];
    try {
      await expect(provider.session()).rejects.toMatchObject({ name: 'CallError', code: 'permission_denied', details: { code: 'session_limit', limit: 2 } });
      await a.tab.new();
      expect(await a.try.tab.new()).toMatchObject({ ok: false, error: { code: 'permission_denied', details: { code: 'tab_limit', limit: 2 } } });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // A closed session frees its place.
    await (await provider.session()).close();
  });
});

describeEngine('firefox')('session-bound client, child process (stdio), on Firefox', () => {
  let provider: ReturnType<typeof spawnProvider>;
  beforeAll(() => {
    provider = spawnProvider({ browser: 'firefox', args: ['--timeout-ms', String(LAUNCH_MS)], stderr: () => undefined });
  });
  afterAll(() => provider?.close());

  it('binds the session and page ids; throws CallError or returns the answer', () => boundFlow(provider, 'bound-stdio'));
});
