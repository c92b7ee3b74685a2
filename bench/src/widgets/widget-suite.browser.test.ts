import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWidgetSuite, type SuiteSite } from '@browser-provider/conformance/widget-suite';
import { describeEngine } from '@browser-provider/testing/engines';
import { oursArgs, runWidgetTask } from './run';
import { WIDGET_TASKS } from './tasks';

/**
 * Issue 30's widget suite as a test, on each engine, without Playwright: every task's policy through
 * our MCP server, judged by the state the page reported from its library (not by our answers).
 */

/**
 * Tasks that fail today because of a product bug, per engine, each with the bug. They run and are
 * expected to fail (`it.fails`), so a fix shows up as a failure here to remove the entry.
 */
const KNOWN: Readonly<Record<string, Readonly<Record<string, string>>>> = {};

/**
 * Product bugs the library pages found on every engine (issue 30), each with the answer that stopped
 * the policy; like KNOWN, run with `it.fails`.
 */
const ON_EVERY_ENGINE: Readonly<Record<string, string>> = {};

for (const engine of ['firefox', 'chrome', 'safari'] as const) {
  describeEngine(engine)(`widget suite on ${engine}`, () => {
    let site: SuiteSite;
    let client: Client;
    beforeAll(async () => {
      site = await startWidgetSuite();
      client = new Client({ name: 'widget-suite-test', version: '0' });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: oursArgs(engine, site), stderr: 'ignore' }));
    });
    afterAll(async () => {
      await client?.close();
      await site?.close();
    });
    for (const task of WIDGET_TASKS) {
      const known = KNOWN[engine]?.[task.name] ?? ON_EVERY_ENGINE[task.name];
      // One retry, for a task that passes: under a full CI run's load two tasks once failed with no error
      // answered (Firefox's virtualized list left its pick at row 1, Chromium's antd DatePicker kept no
      // date) and passed 5 of 5 on a quiet machine; the cause is not found (named in the closing note).
      (known ? it.fails : it)(`${task.name}${known ? ` (known bug: ${known})` : ''}`, { retry: known ? 0 : 1 }, async () => {
        const run = await runWidgetTask(client, task, site);
        expect(run.error).toBeUndefined();
        expect(run.ok).toBe(true);
      });
    }
  });
}
