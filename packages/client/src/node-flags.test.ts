import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_NODE_FLAGS, NODE_FLAGS_ENV, serverNodeFlags } from './spawn';

const BIN = join(dirname(createRequire(import.meta.url).resolve('@browser-provider/cli/package.json')), 'bin/browser-provider.js');

/** Runs the bin as a command (its sh line picks Node's flags) with `env` added. */
function runBin(args: string[], env: Record<string, string | undefined>) {
  return promisify(execFile)(BIN, args, { env: { ...process.env, ...env }, timeout: 60_000 });
}

describe('the server\'s Node flags', () => {
  it('are the ones the bin passes when it runs as a command', () => {
    const [shebang, exec] = readFileSync(BIN, 'utf8').split('\n');
    expect(shebang).toBe('#!/bin/sh');
    expect(exec).toBe(`":" //; exec node \${${NODE_FLAGS_ENV}-${DEFAULT_SERVER_NODE_FLAGS.join(' ')}} "$0" "$@"`);
  });

  it('are replaced by the environment variable as the sh line replaces them', () => {
    expect(serverNodeFlags({})).toEqual(DEFAULT_SERVER_NODE_FLAGS);
    expect(serverNodeFlags({ [NODE_FLAGS_ENV]: '' })).toEqual([]);
    expect(serverNodeFlags({ [NODE_FLAGS_ENV]: ' --max-semi-space-size=1  --max-old-space-size=256 ' })).toEqual(['--max-semi-space-size=1', '--max-old-space-size=256']);
  });

  it('reach Node from the environment when the bin runs as a command', async () => {
    // A flag Node refuses shows that the variable's words are what Node was started with.
    await expect(runBin(['--help'], { [NODE_FLAGS_ENV]: '--no-such-node-flag' })).rejects.toThrow(/bad option: --no-such-node-flag/);
    const plain = await runBin(['--help'], { [NODE_FLAGS_ENV]: '' });
    expect(plain.stdout).toContain('Usage: browser-provider');
    const byDefault = await runBin(['--help'], { [NODE_FLAGS_ENV]: undefined });
    expect(byDefault.stdout).toContain('Usage: browser-provider');
  });
});
