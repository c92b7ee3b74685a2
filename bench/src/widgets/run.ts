import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { SuiteSite } from '@browser-provider/conformance/widget-suite';
import { TaskFailed, type Step } from '../mcp-agent';
import { WidgetAgent, type WidgetTask } from './tasks';

const BIN = fileURLToPath(new URL('../../../apps/cli/bin/browser-provider.js', import.meta.url));

/** Our MCP server on `engine`, allowed to upload from the upload task's folder only. */
export const oursArgs = (engine: string, site: SuiteSite): string[] => [BIN, 'mcp', '--browser', engine, '--upload-root', dirname(site.upload)];

/** One task, once, through one server: what the policy read and did, and what the page said of it. */
export interface WidgetRun {
  task: string;
  ok: boolean;
  /** Why it failed: the answer text that stopped the policy, or the state the page reported. */
  error?: string | undefined;
  ms: number;
  steps: Step[];
}

/** How long the page may take to report its state after the policy's last answer. */
const SETTLE_MS = 5_000;

export async function runWidgetTask(client: Client, task: WidgetTask, site: SuiteSite): Promise<WidgetRun> {
  const agent = new WidgetAgent(client);
  site.reset(task.path);
  const t0 = performance.now();
  let error: string | undefined;
  try {
    await task.run(agent, site);
  } catch (e) {
    if (!(e instanceof TaskFailed) && !(e instanceof Error)) throw e;
    error = (e as Error).message;
  }
  const ms = performance.now() - t0;
  // Judged by the library's state, not by the answers: a policy that stopped may still have done it.
  const ok = error === undefined && (await site.until(task.path, (s) => task.done(s), SETTLE_MS));
  if (!ok && error === undefined) error = `the page reported ${JSON.stringify(site.state(task.path) ?? null).slice(0, 300)}`;
  return { task: task.name, ok, error, ms, steps: agent.steps };
}
