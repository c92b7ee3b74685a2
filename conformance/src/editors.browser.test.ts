import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing/engines';
import { ProviderClient } from './client';
import { EDITORS, NOT_EDITORS, PRESS_PAGE, startEditorSite, type EditorSite } from './fixtures/editors';
import { CLI, BROWSERS } from './testing/serve-session';
import { ok, refOf } from './testing/snapshot-text';

/**
 * Typing reaches editors (issue 30, finding 5), on every engine, through `serve` as a client sees it:
 * each editor's input is listed with a ref, page.type by that ref changes the text the editor itself
 * holds (read through its API in the page: cm.getValue(), view.state.doc, quill.getText()…), and a
 * covered field that is no editor's input is still refused. Also finding 9: page.press on a ref that
 * has focus keeps its selection.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const browser of BROWSERS) {
  describeEngine(browser)(`typing into editors on ${browser}`, () => {
    let site: EditorSite | undefined;
    let c: ProviderClient | undefined;
    let sid = '';
    beforeAll(async () => {
      site = await startEditorSite();
      c = new ProviderClient({ command: [process.execPath, CLI, 'serve', '--browser', browser, '--allow-eval'], defaultTimeoutMs: 120_000 });
      sid = ok(await c.call('session.ensure', { timeout_ms: 90_000 })).session_id as string;
    });
    afterAll(async () => {
      await c?.close();
      await site?.close();
    });
    const raw = (method: string, params: Record<string, unknown> = {}) => c!.call(method, { session_id: sid, ...params });
    const call = async (method: string, params: Record<string, unknown> = {}) => ok(await raw(method, params));
    const editorText = async () => (await call('page.eval', { expression: 'window.editorText()' })).value as string;
    /** Opens the page once its editor is mounted; the ref of its input from the interactive snapshot. */
    const openRef = async (path: string, line: string, ready = true) => {
      await call('page.open', { url: `${site!.origin}${path}` });
      if (ready) expect((await call('page.wait', { text_present: 'Editor ready', timeout_ms: 20_000 })).satisfied).toBe(true);
      const text = String((await call('page.snapshot', { mode: 'interactive' })).text);
      return refOf(text, escape(line));
    };

    for (const [name, e] of Object.entries(EDITORS)) {
      it(`${name}: its input has a ref, and page.type by it changes the editor's own text`, async () => {
        const ref = await openRef(e.path, e.line);
        const typed = await call('page.type', { element_ref: ref, text: ' typed' });
        expect(typed.typed).toBe(true);
        expect(String(typed.value)).toContain(`${e.initial} typed`);
        expect(await editorText()).toBe(`${e.initial} typed`);
      });
    }

    it('codemirror5: replace:true replaces the whole text, as select-all then typing does', async () => {
      const ref = await openRef(EDITORS.codemirror5.path, EDITORS.codemirror5.line);
      await call('page.type', { element_ref: ref, text: 'fresh', replace: true });
      expect(await editorText()).toBe('fresh');
    });

    it('a covered field that is no editor\'s input is still refused as obscured, and nothing is typed', async () => {
      const ref = await openRef(NOT_EDITORS.covered.path, NOT_EDITORS.covered.line, false);
      const r = await raw('page.type', { element_ref: ref, text: 'sneaky' });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.details).toMatchObject({ code: 'obscured', cover: expect.stringContaining('div#modal') });
      expect((await call('page.eval', { expression: "document.getElementById('c').value" })).value).toBe('');
    });

    it('a covered field on a page that fakes its box and opacity is still refused: our checks never ask the page', async () => {
      const ref = await openRef(NOT_EDITORS.spoofed.path, NOT_EDITORS.spoofed.line, false);
      const r = await raw('page.type', { element_ref: ref, text: 'sneaky' });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.details).toMatchObject({ code: 'obscured', cover: expect.stringContaining('div#cover') });
      expect((await call('page.eval', { expression: "document.getElementById('c').value" })).value).toBe('');
    });

    it('an editor under a modal is obscured by the modal, not typed into', async () => {
      const ref = await openRef(NOT_EDITORS.modal.path, NOT_EDITORS.modal.line);
      const r = await raw('page.type', { element_ref: ref, text: 'sneaky' });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.details).toMatchObject({ code: 'obscured', cover: expect.stringContaining('div#modal') });
      expect(await editorText()).toBe('modal');
    });

    it('a hidden input no editor listens to: typing that changed nothing shown is an error, never a success', async () => {
      const ref = await openRef(NOT_EDITORS.deaf.path, NOT_EDITORS.deaf.line, false);
      const r = await raw('page.type', { element_ref: ref, text: 'lost' });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toMatchObject({ code: 'element_not_actionable', details: { code: 'editor_unchanged' } });
    });

    it('page.press on a ref that has focus keeps its selection (a word selected, then Backspace, both by ref)', async () => {
      const ref = await openRef(PRESS_PAGE.path, PRESS_PAGE.line, false);
      await call('page.press', { element_ref: ref, key: 'Control+Shift+ArrowLeft' });
      await call('page.press', { element_ref: ref, key: 'Backspace' });
      expect((await call('page.eval', { expression: "document.getElementById('draft').value" })).value).toBe('hello ');
    });
  });
}
