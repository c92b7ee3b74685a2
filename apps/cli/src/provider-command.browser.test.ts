import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { describeEngine } from '@browser-provider/testing';

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const EXPECTATIONS = fileURLToPath(new URL('../../../conformance/expectations/firefox.json', import.meta.url));
const out = await mkdtemp(join(tmpdir(), 'bp-provider-command-ours-'));
afterAll(() => rm(out, { recursive: true, force: true }));

/**
 * Our own server, certified as anyone's would be: through --provider-command, not --browser. It meets
 * Firefox's committed expectations (core tier) exactly as `certify --browser firefox` does.
 */
describeEngine('firefox')('serve --browser firefox as a --provider-command', () => {
  it('certifies our own serve --browser firefox through --provider-command', async () => {
    const serve = `'${process.execPath}' '${BIN}' serve --browser firefox`;
    const args = ['certify', '--tiers', 'core', '--runs', '1', '--out', out, '--provider-command', serve, '--name', 'ours-firefox', '--expectations', EXPECTATIONS];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'ignore'] });
      child.on('exit', (c) => resolve(c));
    });
    const report = JSON.parse(await readFile(join(out, 'certification.json'), 'utf8')) as { browsers: Array<{ browser: string; ok: boolean; availability: string; runs: Array<{ scenarios: Array<{ status: string }> }> }> };
    const row = report.browsers.find((b) => b.browser === 'ours-firefox');
    expect(row?.availability).not.toBe('unavailable');
    expect(row?.runs[0]?.scenarios.filter((s) => s.status === 'pass').length).toBe(10);
    expect(row?.ok).toBe(true);
    expect(code).toBe(0);
  });
});
