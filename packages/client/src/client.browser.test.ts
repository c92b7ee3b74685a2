import { execFileSync } from 'node:child_process';
import { descendantsOf } from '@browser-provider/core/host';
import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { createProvider } from './index';

/** Every process this test process started (transitively): after close() there must be none. */
const descendants = () => descendantsOf(process.pid);

// A page of its own, not conformance's fixture site: conformance depends on this client, so a
// dependency back (even a dev one) would be a cycle.
const site = servePage(
  '<!doctype html><title>Client</title><button onclick="document.querySelector(\'output\').textContent = \'Button pressed\'">Press me</button><output>Not pressed</output>',
);

describeEngine('firefox')('createProvider (in process) on real Firefox', () => {
  it('opens a page, snapshots, clicks by ref, and close() leaves no process', async () => {
    const before = descendants();
    const provider = await createProvider({ browser: 'firefox', allowEval: false, uploadRoots: [] });
    try {
      const session = await provider.call('session.ensure', { client_session_id: 'client-in-process' });
      if (!session.ok) throw new Error(session.error.message);
      const { session_id } = session.result;
      const page = await provider.call('page.open', { session_id, url: `${site.origin()}/` });
      if (!page.ok) throw new Error(page.error.message);
      const snap = await provider.call('page.snapshot', { session_id, page_id: page.result.page_id });
      if (!snap.ok) throw new Error(snap.error.message);
      const button = snap.result.elements.find((e) => e.role === 'button' && e.name === 'Press me');
      expect(button).toBeDefined();
      const click = await provider.call('page.click', { session_id, page_id: page.result.page_id, element_ref: button?.element_ref ?? '' });
      expect(click.ok).toBe(true);
      const after = await provider.call('page.snapshot', { session_id, page_id: page.result.page_id });
      expect(after.ok && after.result.text).toContain('Button pressed');
      const gated = await provider.call('page.eval', { session_id, page_id: page.result.page_id, expression: '1' });
      expect(gated.ok).toBe(false);
      expect(descendants().length).toBeGreaterThan(before.length);
    } finally {
      await provider.close();
    }
    // From source, the page script is bundled on first use and esbuild keeps its service process for
    // the life of this process; the packed page-script ships prebuilt (test:pack checks that tree).
    const esbuildService = (p: number) => execFileSync('ps', ['-o', 'args=', '-p', String(p)], { encoding: 'utf8' }).includes('esbuild --service');
    // Processes that were told to exit may take a moment to be reaped: poll, never a fixed sleep's verdict.
    let left = descendants().filter((p) => !before.includes(p) && !esbuildService(p));
    for (let i = 0; i < 50 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      left = descendants().filter((p) => !before.includes(p) && !esbuildService(p));
    }
    const show = left.length > 0 ? execFileSync('ps', ['-o', 'pid,ppid,stat,args', '-p', left.join(',')], { encoding: 'utf8' }) : '';
    expect(show).toBe('');
  });
});
