import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWidgetSuite, type SuiteSite } from '@browser-provider/conformance/widget-suite';
import { describeEngine } from '@browser-provider/testing/engines';
import { runWidgetTask } from './run';
import { WIDGET_TASKS } from './tasks';

/**
 * Issue 30's widget suite as a test, on each engine, without Playwright: every task's policy through
 * our MCP server, judged by the state the page reported from its library (not by our answers).
 */
const BIN = fileURLToPath(new URL('../../../apps/cli/bin/browser-provider.js', import.meta.url));

/**
 * Tasks that fail today because of a product bug, per engine, each with the bug. They run and are
 * expected to fail (`it.fails`), so a fix shows up as a failure here to remove the entry.
 */
const KNOWN: Readonly<Record<string, Readonly<Record<string, string>>>> = {};

for (const engine of ['firefox', 'chrome', 'safari'] as const) {
  describeEngine(engine)(`widget suite on ${engine}`, () => {
    let site: SuiteSite;
    let client: Client;
    beforeAll(async () => {
      site = await startWidgetSuite();
      client = new Client({ name: 'widget-suite-test', version: '0' });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--browser', engine], stderr: 'ignore' }));
    });
    afterAll(async () => {
      await client?.close();
      await site?.close();
    });
    for (const task of WIDGET_TASKS) {
      const known = KNOWN[engine]?.[task.name];
      (known ? it.fails : it)(`${task.name}${known ? ` (known bug: ${known})` : ''}`, async () => {
        const run = await runWidgetTask(client, task, site);
        expect(run.error).toBeUndefined();
        expect(run.ok).toBe(true);
      });
    }
  });
}
