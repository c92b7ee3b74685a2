import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { pwTool, type PlaywrightSnapshot } from './model';

/** The live side of `pnpm mcp:compat`: both servers' tools/list, read with the official SDK client. */

const require = createRequire(import.meta.url);
const PW_PACKAGE = require.resolve('@playwright/mcp/package.json');

/** The installed (lockfile-pinned) @playwright/mcp version. */
export const pinnedVersion = (): string => (JSON.parse(readFileSync(PW_PACKAGE, 'utf8')) as { version: string }).version;

async function listTools(command: string, args: string[], env?: Record<string, string>): Promise<Tool[]> {
  const transport = new StdioClientTransport({ command, args, stderr: 'ignore', ...(env ? { env: { ...(process.env as Record<string, string>), ...env } } : {}) });
  const client = new Client({ name: 'browser-provider-mcp-compat', version: '0.1.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

/**
 * Playwright MCP's tools with every group on, each tool put in the first group that lists it (its
 * tools/list does not name groups, so each group is listed on its own). Its server starts a browser
 * only on the first tool call: listing runs with its browser folder pointed at an empty directory, so
 * a run that needed a browser would fail here rather than download one.
 */
export async function listPlaywright(caps: readonly string[]): Promise<PlaywrightSnapshot> {
  const empty = mkdtempSync(join(tmpdir(), 'bp-pw-browsers-'));
  const cli = join(dirname(PW_PACKAGE), 'cli.js');
  const run = (extra: string[]) => listTools(process.execPath, [cli, '--headless', '--isolated', '--output-dir', empty, ...extra], { PLAYWRIGHT_BROWSERS_PATH: empty });
  try {
    const all = await run(['--caps', caps.join(',')]);
    const groupOf = new Map<string, string>();
    for (const group of ['default', ...caps]) {
      for (const t of await run(group === 'default' ? [] : ['--caps', group])) if (!groupOf.has(t.name)) groupOf.set(t.name, group);
    }
    const lost = all.filter((t) => !groupOf.has(t.name)).map((t) => t.name);
    if (lost.length > 0) throw new Error(`no single group lists ${lost.join(', ')}`);
    return { package: '@playwright/mcp', version: pinnedVersion(), tools: all.map((t) => pwTool(t, groupOf.get(t.name) ?? 'default')) };
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}

const BIN = fileURLToPath(new URL('../../bin/browser-provider.js', import.meta.url));

/** Our tools/list on one engine with every group and the eval flag on; nothing launches a browser for it. */
export async function listOurs(engine: string, caps: readonly string[]): Promise<{ name: string; args: string[] }[]> {
  const tools = await listTools(process.execPath, [BIN, 'mcp', '--browser', engine, '--caps', caps.join(','), '--allow-eval']);
  return tools.map((t) => ({ name: t.name, args: Object.keys(t.inputSchema.properties ?? {}) }));
}
