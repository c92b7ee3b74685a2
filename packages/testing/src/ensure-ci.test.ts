import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const ENSURE = fileURLToPath(new URL('../../../scripts/ensure.sh', import.meta.url));

// A machine where no Debian package is installed and we are not root: stand-ins for dpkg-query, id and
// pnpm come first on PATH, so the script decides without installing anything. It runs from a copy in
// an empty tree, so its install stamp is never this checkout's.
const root = mkdtempSync(join(tmpdir(), 'bp-ensure-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const bin = join(root, 'bin');
for (const dir of [bin, join(root, 'scripts'), join(root, 'node_modules')]) mkdirSync(dir);
copyFileSync(ENSURE, join(root, 'scripts', 'ensure.sh'));
const stub = (name: string, body: string) => {
  writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
  chmodSync(join(bin, name), 0o755);
};
stub('dpkg-query', 'exit 1');
stub('id', 'echo 1000');
stub('pnpm', 'if [ "$1" = --version ]; then echo 9.15.9; fi; exit 0');

function ensure(ci: string | undefined): Promise<{ code: number; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` };
  delete env.CI;
  if (ci !== undefined) env.CI = ci;
  return new Promise((resolve) => {
    execFile('bash', [join(root, 'scripts', 'ensure.sh')], { env }, (err, _stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stderr }));
  });
}

it('scripts/ensure.sh fails under CI when it cannot install the browsers, and carries on without CI', async () => {
  const [ci, local] = await Promise.all([ensure('true'), ensure(undefined)]);
  expect(ci.code, ci.stderr).toBe(1);
  expect(ci.stderr).toMatch(/CI is set and the browsers cannot be installed here .*missing firefox-esr chromium/);
  expect(local.code, local.stderr).toBe(0);
  expect(local.stderr).toMatch(/missing Debian packages: firefox-esr .*continuing with what is installed/);
});
