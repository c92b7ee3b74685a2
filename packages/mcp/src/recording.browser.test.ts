import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { TASKS_FIXTURE, startFixtureServer, type FixtureServer } from '@browser-provider/conformance';
import { parseFlow } from '@browser-provider/page-script/flow';
import { describeEngine } from '@browser-provider/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStdio, textOf } from './testing/servers';

/**
 * browser_start_recording / browser_stop_recording over MCP on Firefox: the model's own tool calls
 * (trusted input) stand in for the person. The flow file they write is a protocol script with stable
 * targets; apps/cli's flow tests replay such scripts on every engine.
 */

const t = TASKS_FIXTURE;

describeEngine('firefox')('mcp recording tools on firefox', () => {
  const out = mkdtempSync(join(tmpdir(), 'bp-mcp-rec-'));
  let client: Client;
  let stop: () => void;
  let site: FixtureServer;
  beforeAll(async () => {
    site = await startFixtureServer();
    const s = await startStdio(['--browser', 'firefox', '--caps', 'devtools', '--allow-eval', '--output-dir', out]);
    client = s.client;
    stop = () => s.child.kill('SIGKILL');
  });
  afterAll(async () => {
    stop?.();
    await site?.close();
  });
  const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });

  it('offers both tools with no arguments, as Playwright MCP does', async () => {
    const tools = new Map((await client.listTools()).tools.map((x) => [x.name, x]));
    for (const name of ['browser_start_recording', 'browser_stop_recording']) {
      expect(Object.keys((tools.get(name)?.inputSchema.properties ?? {}) as object), name).toEqual([]);
      expect(tools.get(name)?.annotations?.readOnlyHint, name).toBe(true);
    }
  });

  it('records the actions between start and stop as a flow file, passwords masked in the answer', async () => {
    await call('browser_navigate', { url: `${site.origin}${t.order.path}` });
    expect(textOf(await call('browser_stop_recording'))).toContain('No recording is running');
    expect(textOf(await call('browser_start_recording'))).toMatch(/^Recording the user's actions on page /);
    await call('browser_type', { target: 'input[name=name]', text: 'Grace' });
    await call('browser_press_key', { key: 'Tab' });
    await call('browser_select_option', { target: 'select', values: ['jp'] });
    await call('browser_click', { target: 'input[name=gift]' });
    await call('browser_click', { target: 'button' });
    await call('browser_navigate', { url: `${site.origin}${t.login.path}` });
    await call('browser_type', { target: 'input[name=password]', text: t.login.password });
    const answer = textOf(await call('browser_stop_recording'));
    expect(answer).toMatch(/^Recorded 8 steps, written to \S+flow-\d+\.jsonl:/);
    expect(answer).toContain('2. type "Grace" into textbox "Name"');
    expect(answer).toContain('4. select ["jp"] in combobox "Country"');
    expect(answer).toContain('5. click checkbox "Gift wrap"');
    expect(answer).toContain(`7. open ${site.origin}${t.login.path}`);
    expect(answer).toContain('8. type •••• into textbox "Password"');
    expect(answer).not.toContain(t.login.password);
    const path = /written to (\S+\.jsonl):/.exec(answer)![1]!;
    const steps = parseFlow(readFileSync(path, 'utf8'));
    expect(steps.map((s) => s.method)).toEqual(['page.open', 'page.type', 'page.press', 'page.select', 'page.click', 'page.click', 'page.open', 'page.type']);
    expect(JSON.stringify(steps)).not.toMatch(/element_ref|"e\d+"/);
  });
});

describeEngine('firefox')('mcp recording tools without --allow-eval', () => {
  it('are offered and record, while browser_evaluate stays refused: the recorder is our own script, not the client\'s', async () => {
    const site = await startFixtureServer();
    const s = await startStdio(['--browser', 'firefox', '--caps', 'devtools']);
    try {
      const call = (name: string, args: Record<string, unknown> = {}) => s.client.callTool({ name, arguments: args });
      const names = (await s.client.listTools()).tools.map((x) => x.name);
      expect(names).toContain('browser_start_recording');
      expect(names).toContain('browser_stop_recording');
      expect(names).not.toContain('browser_evaluate');
      await call('browser_navigate', { url: `${site.origin}${t.login.path}` });
      expect(textOf(await call('browser_start_recording'))).toMatch(/^Recording the user's actions on page /);
      await call('browser_type', { target: 'input[name=user]', text: t.login.user });
      await call('browser_click', { target: 'button' });
      const answer = textOf(await call('browser_stop_recording'));
      expect(answer).toMatch(/^Recorded 3 steps/);
      expect(answer).toContain(`2. type "${t.login.user}" into textbox "Username"`);
      // The client's own code is still refused by name.
      const refused = await call('browser_evaluate', { function: '() => document.title' });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('--allow-eval');
    } finally {
      s.child.kill('SIGKILL');
      await site.close();
    }
  });
});
