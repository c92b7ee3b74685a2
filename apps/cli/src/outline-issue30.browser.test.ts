import { Dispatcher, Provider } from '@browser-provider/core';
import type { ResponseEnvelope } from '@browser-provider/protocol';
import { expect, it } from 'vitest';
import { describeEngine, servePage } from '@browser-provider/testing';
import { BROWSERS, createBackend } from './browsers';

/**
 * Issue 30's outline findings on every engine, through core as a client sees them: SVG text and an SVG
 * pie menu are listed, a nameless toolbar button has a hint, a face-down card's font-size:0 text is
 * not printed, a long value says how much was cut and `value_chars` reads the rest, and a page that replaced getComputedStyle
 * (`/hostile`, the same page) still gets the same outline, not internal_error.
 */

const BODY = `<!doctype html><title>Outline 30</title><body>
<svg width="240" height="120" id="pie">
  <text x="5" y="15">Pick a slice</text>
  <path id="slice" d="M120 60 L200 60 A80 80 0 0 1 120 140 Z" fill="#497F4C"></path>
  <text id="title" x="140" y="90">Copy</text>
</svg>
<div class="toolbar"><button class="ql-bold" style="width:24px;height:24px"><svg viewBox="0 0 18 18" width="18" height="18"><path d="M5 4h4"/></svg></button></div>
<div class="card" onclick="this.dataset.up=1" style="font-size:0;width:40px;height:60px;border:1px solid">K-spades</div>
<textarea aria-label="Notes">${'w'.repeat(1234)}</textarea>
<script>
for (const id of ['slice', 'title']) document.getElementById(id).addEventListener('click', () => {});
if (location.pathname === '/hostile') window.getComputedStyle = function () { throw new Error('patched by the page'); };
</script>`;

const site = servePage(BODY);

for (const browser of BROWSERS) {
  const backend = await createBackend(browser);

  describeEngine(browser)(`issue 30 outline on ${browser}`, () => {
    it('lists SVG text and controls, hints a nameless button, hides font-size:0 text, counts a cut value, and survives a patched getComputedStyle', async () => {
      const d = new Dispatcher(new Provider({ backend, log: () => undefined }));
      let n = 0;
      const call = async (method: string, params: Record<string, unknown>) =>
        d.handle({ protocol_version: '0.1', id: `o${++n}`, method, params: { timeout_ms: 60_000, ...params } });
      const ok = async (method: string, params: Record<string, unknown>) => {
        const env: ResponseEnvelope = await call(method, params);
        if (!env.ok) throw new Error(`${method}: expected success, got ${JSON.stringify(env.error)}`);
        return env.result as Record<string, any>;
      };
      try {
        const { session_id } = await ok('session.ensure', {});
        for (const path of ['/', '/hostile']) {
          await ok('page.open', { session_id, url: `${site.origin()}${path}` });
          const s = await ok('page.snapshot', { session_id });
          const t = String(s.text);
          expect(t, path).toMatch(/^"Pick a slice"$/m);
          // The slice is nameless (a hint from its id), its title is named by its text; WebKit's recorder
          // starts after the page's scripts, so there the listener-only slice and title are not seen.
          if (browser !== 'safari') {
            expect(t, path).toMatch(/^clickable hint:"slice" \[e\d+\]$/m);
            expect(t, path).toMatch(/^clickable "Copy" \[e\d+\]$/m);
          } else expect(t, path).toMatch(/^"Copy"$/m);
          expect(t, path).toMatch(/^button hint:"bold" \[e\d+\]$/m);
          expect(t, path).toMatch(/^clickable hint:"card" \[e\d+\]$/m);
          expect(t, path).not.toContain('K-spades');
          const notes = (s.snapshot.nodes as Array<{ name: string; value?: string }>).find((x) => x.name === 'Notes');
          expect(notes?.value, path).toBe(`${'w'.repeat(500)}… [734 more characters cut]`);
          expect(t, path).toContain('… [734 more characters cut]"');
          // The warning says how to read the rest, and that way reads it whole.
          const ref = /^textbox "Notes" value=.* \[(e\d+)\]$/m.exec(t)?.[1];
          const warned = await call('page.snapshot', { session_id });
          expect(warned.ok && warned.warnings.join('\n'), path).toContain(`a field value was cut (${ref})`);
          const rest = await ok('page.snapshot', { session_id, scope: ref, value_chars: 2000 });
          expect(rest.snapshot.nodes.find((x: { name: string }) => x.name === 'Notes')?.value, path).toBe('w'.repeat(1234));
        }
      } finally {
        await backend.shutdown();
      }
    });
  });
}
