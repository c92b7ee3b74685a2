import { Dispatcher, Provider } from '@browser-provider/core';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';

/**
 * page.snapshot `boxes` (Playwright MCP's browser_snapshot boxes) on every installed engine: each
 * element's border box in the top-level viewport, an iframe's elements moved by where its content starts.
 */

const site = servePage(`<!doctype html><title>Boxes</title><body style="margin:0"><script>
if (location.pathname === '/inner') document.write('<button style="margin-left:7px">In</button>');
else document.write('<button style="margin:3px 0 0 5px">Top</button><iframe src="/inner" style="position:absolute;left:100px;top:50px;border:0;width:200px;height:100px"></iframe>');
</script>`);

for (const browser of BROWSERS) {
  const backend = await createBackend(browser);

  describeEngine(browser)(`page.snapshot boxes on ${browser}`, () => {
    it('gives boxes in top-level viewport pixels, inside an iframe too, and writes them after the refs', async () => {
      const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
      let n = 0;
      const ok = async (method: string, params: Record<string, unknown>) => {
        const env: ResponseEnvelope = await d.handle({ protocol_version: '0.1', id: `b${++n}`, method, params: { timeout_ms: 60_000, ...params } });
        if (!env.ok) throw new Error(`expected success, got ${JSON.stringify(env.error)}`);
        return env.result as Record<string, any>;
      };
      try {
        const { session_id } = await ok('session.ensure', {});
        await ok('page.open', { session_id, url: `${site.origin()}/` });
        const plain = await ok('page.snapshot', { session_id });
        expect(plain.text).not.toContain('[box=');
        const s = await ok('page.snapshot', { session_id, boxes: true });
        const box = (name: string) => (s.snapshot.nodes as Array<{ name: string; box?: Record<string, number> }>).find((x) => x.name === name)?.box;
        expect(box('Top')).toMatchObject({ x: 5, y: 3 });
        expect(box('In')).toMatchObject({ x: 107, y: 50 });
        expect(box('In')?.width).toBeGreaterThan(0);
        expect(s.text).toMatch(/^\s*button "In" \[e\d+\] \[box=107,50,\d+,\d+\]$/m);
      } finally {
        await backend.shutdown();
      }
    });
  });
}
