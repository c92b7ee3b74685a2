/**
 * A flow script as code for existing suites: a Playwright test (locators by role and name, else CSS)
 * and a WebdriverIO script (`aria/` selectors by accessible name, else CSS). Both read the same
 * stable targets replay uses; typed passwords are written as an environment variable read, never inline.
 */
import type { FlowStep, FlowTarget } from '@browser-provider/page-script/flow';

export type ExportFormat = 'playwright' | 'webdriverio';

/** ARIA roles Playwright's getByRole takes that our targets use; anything else goes by CSS. */
const PW_ROLES = new Set([
  'button', 'checkbox', 'combobox', 'link', 'listbox', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio',
  'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'treeitem', 'heading', 'img', 'cell', 'row', 'gridcell',
]);

const q = (s: string) => JSON.stringify(s);
const SECRET_VAR = 'FLOW_SECRET';

function secretText(s: FlowStep): string {
  return s.secret ? `process.env.${SECRET_VAR} ?? ''` : q(String(s.params.text ?? ''));
}

function pwLocator(t: FlowTarget | undefined, selector: unknown): string {
  if (t && t.name !== '' && PW_ROLES.has(t.role)) return `page.getByRole(${q(t.role)}, { name: ${q(t.name)}, exact: true })`;
  return `page.locator(${q(t?.css ?? String(selector))})`;
}

function playwrightLine(s: FlowStep): string {
  const at = () => pwLocator(s.target, s.params.selector);
  switch (s.method) {
    case 'page.open':
      return `await page.goto(${q(String(s.params.url))});`;
    case 'page.click':
      return `await ${at()}.click();`;
    case 'page.type':
      return `await ${at()}.fill(${secretText(s)});`;
    case 'page.press':
      return s.target ? `await ${at()}.press(${q(String(s.params.key))});` : `await page.keyboard.press(${q(String(s.params.key))});`;
    case 'page.select':
      return `await ${at()}.selectOption(${JSON.stringify(s.params.values ?? [])});`;
    case 'page.drag':
      return `await ${at()}.dragTo(${pwLocator(s.to, s.params.to_selector)});`;
  }
}

/** WebdriverIO's Key constants for the key names our steps carry. */
const WDIO_KEYS: Readonly<Record<string, string>> = {
  Control: 'Key.Ctrl', Shift: 'Key.Shift', Alt: 'Key.Alt', Meta: 'Key.Command', Enter: 'Key.Enter', Tab: 'Key.Tab', Escape: 'Key.Escape',
  ArrowUp: 'Key.ArrowUp', ArrowDown: 'Key.ArrowDown', ArrowLeft: 'Key.ArrowLeft', ArrowRight: 'Key.ArrowRight', PageUp: 'Key.PageUp',
  PageDown: 'Key.PageDown', Home: 'Key.Home', End: 'Key.End', Backspace: 'Key.Backspace', Delete: 'Key.Delete',
};

function wdioElement(t: FlowTarget | undefined, selector: unknown): string {
  if (t && t.name !== '') return `$(${q(`aria/${t.name}`)})`;
  return `$(${q(t?.css ?? String(selector))})`;
}

function wdioLine(s: FlowStep): string {
  const at = () => wdioElement(s.target, s.params.selector);
  switch (s.method) {
    case 'page.open':
      return `await browser.url(${q(String(s.params.url))});`;
    case 'page.click':
      return `await ${at()}.click();`;
    case 'page.type':
      return `await ${at()}.setValue(${secretText(s)});`;
    case 'page.press': {
      const keys = String(s.params.key).split('+').map((k) => WDIO_KEYS[k] ?? q(k));
      return `await browser.keys([${keys.join(', ')}]);`;
    }
    case 'page.select': {
      const values = (s.params.values as string[] | undefined) ?? [];
      return values.map((v) => `await ${at()}.selectByAttribute('value', ${q(v)});`).join('\n    ');
    }
    case 'page.drag':
      return `await ${at()}.dragAndDrop(${wdioElement(s.to, s.params.to_selector)});`;
  }
}

export function exportFlow(steps: readonly FlowStep[], format: ExportFormat, title = 'recorded flow'): string {
  const secrets = steps.some((s) => s.secret) ? `// Typed passwords are read from $${SECRET_VAR}.\n` : '';
  if (format === 'playwright') {
    return (
      `import { test } from '@playwright/test';\n\n${secrets}` +
      `test(${q(title)}, async ({ page }) => {\n${steps.map((s) => `  ${playwrightLine(s)}`).join('\n')}\n});\n`
    );
  }
  return (
    `import { browser, $ } from '@wdio/globals';\nimport { Key } from 'webdriverio';\n\n${secrets}` +
    `describe(${q(title)}, () => {\n  it('replays', async () => {\n${steps.map((s) => `    ${wdioLine(s)}`).join('\n')}\n  });\n});\n`
  );
}
