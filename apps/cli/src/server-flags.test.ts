import { Command } from 'commander';
import { PROVIDER_DEFAULTS } from '@browser-provider/core';
import { afterEach, describe, expect, it } from 'vitest';
import { addServerFlags, backendOptions, type ServerFlags } from './server-flags';

const WORDS = { allowDebug: 'd', allowEval: 'e', uploadRoot: 'u', profileRoot: 'p' };
const ENV_KEYS = ['BROWSER_PROVIDER_RECYCLE_BUDGET_MB', 'BROWSER_PROVIDER_RECYCLE_SESSIONS', 'BROWSER_PROVIDER_GRID_URL', 'BROWSER_PROVIDER_GRID_CAPABILITIES'] as const;

/** The flags `serve` would get from `argv`, parsed by the same declarations, and the environment after. */
async function parse(argv: string[]): Promise<{ flags: ServerFlags; env: Partial<Record<string, string>> }> {
  let flags: ServerFlags | undefined;
  const cmd = addServerFlags(new Command('serve').exitOverride(), WORDS).action((o: ServerFlags) => void (flags = o));
  await cmd.parseAsync(argv, { from: 'user' });
  if (flags === undefined) throw new Error('serve did not run');
  return { flags, env: Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]])) };
}

describe('server flags reach the engines as options', () => {
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  afterEach(() => {
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it('passes the recycle and Grid flags in backendOptions and writes no environment variable', async () => {
    for (const k of ENV_KEYS) delete process.env[k];
    const { flags, env } = await parse(['--browser', 'firefox', '--recycle-sessions', '3', '--recycle-budget-mb', '900', '--grid-url', 'http://grid.test:4444/', '--grid-capabilities', '{"platformName":"linux"}']);
    expect(backendOptions(flags)).toEqual({
      attachUrl: undefined,
      grid: { url: 'http://grid.test:4444', capabilities: { platformName: 'linux' } },
      recycle: { budgetMb: 900, maxSessions: 3 },
    });
    expect(env).toEqual({});
  });

  it("takes core's limits as its defaults, and the documented variables for recycling", async () => {
    process.env.BROWSER_PROVIDER_RECYCLE_SESSIONS = '7';
    const { flags } = await parse(['--browser', 'chrome']);
    expect([flags.maxSessions, flags.maxTabs]).toEqual([PROVIDER_DEFAULTS.maxSessions, PROVIDER_DEFAULTS.maxTabs]);
    expect(backendOptions(flags).recycle).toEqual({ budgetMb: undefined, maxSessions: 7 });
  });
});
