import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeProviderCommand } from '@browser-provider/conformance/testing';
import { providerTargets, splitCommandLine } from './provider-command';

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const quote = (argv: string[]) => argv.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
const out = await mkdtemp(join(tmpdir(), 'bp-provider-command-'));
afterAll(() => rm(out, { recursive: true, force: true }));

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BROWSER_PROVIDER_FROM_SOURCE: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('splitCommandLine', () => {
  it('splits like a shell without running one', () => {
    expect(splitCommandLine(`node 'my provider.js' --x "a \\"b\\"" c\\ d ''`)).toEqual(['node', 'my provider.js', '--x', 'a "b"', 'c d', '']);
    expect(() => splitCommandLine(`node 'open`)).toThrow(/unterminated/);
  });
  it('pairs names and expectations with commands by position', () => {
    expect(() => providerTargets(['a'], [], [])).toThrow(/one --name per/);
    expect(() => providerTargets(['a', 'b'], ['x', 'x'], [])).toThrow(/twice/);
    expect(providerTargets(['node p.js'], ['mine'], [])).toEqual([{ name: 'mine', command: ['node', 'p.js'], expectationsFile: undefined }]);
  });
});

/**
 * certify --provider-command on conformance's fake provider (a stub provider, which is the point: the
 * flag certifies anything that speaks the protocol). Two commands, one matrix: the sound fake and one
 * broken at 06-page-click; the broken row names that scenario, and the run fails for it alone.
 */
// Each case starts the CLI from source and the fake under tsx: slow on a busy machine, never a failure.
describe('certify --provider-command', { timeout: 240_000 }, () => {
  it('certifies several provider commands side by side and names what the broken one breaks', async () => {
    const r = await cli([
      'certify', '--tiers', 'core', '--runs', '1', '--out', out,
      '--provider-command', quote(fakeProviderCommand()), '--name', 'fake-sound',
      '--provider-command', quote(fakeProviderCommand('--break', '06-page-click')), '--name', 'fake-broken',
    ]);
    expect(r.stdout).toMatch(/fake-sound/);
    expect(r.stdout).toMatch(/fake-broken/);
    const report = JSON.parse(await readFile(join(out, 'certification.json'), 'utf8')) as { browsers: Array<{ browser: string; ok: boolean; runs: Array<{ scenarios: Array<{ id: string; status: string }> }> }> };
    const row = (name: string) => report.browsers.find((b) => b.browser === name);
    expect(row('fake-sound')?.ok).toBe(true);
    expect(row('fake-broken')?.ok).toBe(false);
    const failed = row('fake-broken')?.runs[0]?.scenarios.filter((s) => s.status !== 'pass').map((s) => s.id);
    expect(failed).toEqual(['06-page-click']);
    expect(r.code).toBe(1);
  });

  it('holds a provider to the --expectations file given for it', async () => {
    const file = join(out, 'broken-click.json');
    const ids = ['01-provider-describe', '02-provider-status', '03-session-ensure', '04-page-open', '05-page-snapshot', '06-page-click', '07-page-type', '08-page-wait', '09-page-screenshot', '10-session-close'];
    const scenarios = ids.map((id) => (id === '06-page-click' ? { id, expected: 'fail', reason: 'the fake is broken here on purpose' } : { id, expected: 'pass' }));
    await writeFile(file, JSON.stringify({ browser: 'whatever', scenarios }));
    const r = await cli(['certify', '--tiers', 'core', '--runs', '1', '--out', out, '--provider-command', quote(fakeProviderCommand('--break', '06-page-click')), '--name', 'fake-broken', '--expectations', file]);
    expect(r.stdout).toMatch(/fake-broken/);
    expect(r.code).toBe(0);
  });

  it('refuses a command without a name', async () => {
    const r = await cli(['certify', '--provider-command', 'node x.js']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/one --name per --provider-command/);
  });
});
