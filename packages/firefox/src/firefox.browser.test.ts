import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeBidiBackend, describeEngine, testPageScript } from '@browser-provider/testing';
import { bidiSend } from '@browser-provider/bidi';
import { createFirefoxBackend } from './index';
import { installExtension } from './extension';
import { launchFirefox } from './launch';

describeEngine('firefox')('firefox', () => describeBidiBackend('Firefox', () => createFirefoxBackend({ pageScript: testPageScript })));

describeEngine('firefox')('Firefox custom methods', () => {
  const backend = createFirefoxBackend({ pageScript: testPageScript });
  let dir: string | undefined;
  afterAll(async () => {
    await backend.shutdown();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('advertises the gated install_extension and bidi.send', () => {
    const names = backend.customMethods().map((m) => [m.name, m.gate]);
    expect(names).toEqual([
      ['firefox.install_extension', 'allow-extensions'],
      ['bidi.send', 'allow-debug'],
    ]);
  });

  it('installs an unpacked extension and passes raw BiDi commands through', async () => {
    dir = mkdtempSync(join(tmpdir(), 'bp-ext-'));
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({ manifest_version: 2, name: 'bp-test', version: '1.0', browser_specific_settings: { gecko: { id: 'bp-test@example.org' } } }),
    );
    const session = await backend.createSession({ isolation: 'per_jcode_session', attach: 'never', signal: AbortSignal.timeout(60_000) });
    // The dispatcher gates the method and confines the path (extension.browser.test.ts); here only the BiDi call is checked.
    const ctx = { signal: AbortSignal.timeout(30_000), session, confinePath: (path: string) => path };
    const r = await installExtension.handle(installExtension.params.parse({ session_id: 's', path: dir }), ctx);
    expect(r.extension_id).toBe('bp-test@example.org');
    const tree = await bidiSend.handle(bidiSend.params.parse({ session_id: 's', method: 'browsingContext.getTree', params: { maxDepth: 0 } }), ctx);
    expect((tree.result as { contexts: unknown[] }).contexts.length).toBeGreaterThan(0);
    await expect(bidiSend.handle(bidiSend.params.parse({ session_id: 's', method: 'nope.nothing' }), ctx)).rejects.toMatchObject({ code: 'unsupported_method' });
    expect(() => installExtension.params.parse({ session_id: 's' })).toThrow();
  });
});

describeEngine('firefox')('Firefox attach', () => {
  it('attaches to a running Firefox, and closing detaches without stopping it', async () => {
    const user = await launchFirefox(undefined, [], AbortSignal.timeout(60_000));
    const backend = createFirefoxBackend({ attachUrl: user.url.replace(/\/session$/, ''), pageScript: testPageScript });
    try {
      const session = await backend.createSession({ isolation: 'per_jcode_session', attach: 'require', signal: AbortSignal.timeout(30_000) });
      expect(session.attached).toBe(true);
      const page = await session.newPage(AbortSignal.timeout(30_000));
      await page.navigate('data:text/html,<title>attached</title>', 'load', AbortSignal.timeout(30_000));
      expect((await page.info(AbortSignal.timeout(30_000))).title).toBe('attached');
      await session.close(AbortSignal.timeout(30_000));
      await backend.shutdown();
      expect(user.process.alive).toBe(true);
      // The browser accepts a new automation session: ours was ended, not leaked.
      const again = await backend.createSession({ isolation: 'shared', attach: 'prefer', signal: AbortSignal.timeout(30_000) });
      expect(again.attached).toBe(true);
      await backend.shutdown();
      expect(user.process.alive).toBe(true);
    } finally {
      await backend.shutdown();
      await user.process.kill();
    }
  });
});
