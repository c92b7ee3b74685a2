import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeProviderCommand } from '@browser-provider/conformance/testing';
import { afterAll, expect, it } from 'vitest';
import { certifyCommand } from './certify';

const TEST_SH = fileURLToPath(new URL('../../../scripts/test.sh', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'bp-require-all-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('certify passes a provider whose browser is not installed, fails it with --require-all, and scripts/test.sh gives --require-all', async () => {
  const run = (requireAll: boolean) =>
    certifyCommand({ browser: [], runs: 1, out: join(out, String(requireAll)), docs: false, tiers: 'core', requireAll, providers: [{ name: 'fake', command: fakeProviderCommand('--unavailable') }] });
  expect(await Promise.all([run(false), run(true)])).toEqual([0, 1]);
  expect(readFileSync(TEST_SH, 'utf8')).toMatch(/^side certify pnpm -s exec browser-provider certify --browser all .*--require-all$/m);
}, 60_000);
