import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing/engines';
import { EDITORS, startEditorSite, type EditorSite } from '@browser-provider/conformance/editors';
import { refOf, startStdio, textOf, type StdioServer } from './testing/servers';

/**
 * browser_type reaches editors (issue 30, finding 5) as the SDK's client sees it, on every engine:
 * CodeMirror 5, whose input is a hidden textarea under its visible surface (refused as `obscured`
 * before), and a plain contenteditable. What the editor holds is read through its own API in the page
 * (browser_evaluate of the page's `editorText()`).
 */

const ENGINES = ['firefox', 'chrome', 'safari'] as const;

for (const browser of ENGINES) {
  describeEngine(browser)(`mcp --browser ${browser}: browser_type into editors`, () => {
    let s: StdioServer;
    let site: EditorSite;
    const call = (name: string, args: Record<string, unknown>) => s.client.callTool({ name, arguments: args });
    const editorText = async () => textOf(await call('browser_evaluate', { function: '() => window.editorText()' }));
    beforeAll(async () => {
      site = await startEditorSite();
      s = await startStdio(['--browser', browser, '--allow-eval']);
    });
    afterAll(async () => {
      s.child.stdin.end();
      await new Promise((r) => (s.child.exitCode !== null ? r(undefined) : s.child.once('exit', r)));
      await site.close();
    });

    for (const e of [EDITORS.codemirror5, EDITORS.contenteditable]) {
      it(`${e.path}: browser_type by the snapshot's ref changes the editor's text`, async () => {
        await call('browser_navigate', { url: `${site.origin}${e.path}` });
        expect(textOf(await call('browser_wait_for', { text: 'Editor ready' }))).not.toMatch(/error/i);
        const outline = textOf(await call('browser_snapshot', {}));
        // browser_type replaces the field's text, as Playwright MCP's does: here, the editor's whole text.
        const r = await call('browser_type', { target: refOf(outline, e.line), text: 'typed by MCP' });
        expect(r.isError, textOf(r)).toBeFalsy();
        expect(await editorText()).toBe('Result (string): "typed by MCP"');
      });
    }
  });
}
