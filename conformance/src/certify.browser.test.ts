import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCertification } from './certification';

/**
 * The real thing: each browser's provider through the CLI, one run each, against the checked-in
 * expectations. Skipped (visibly) until apps/cli ships its bin; `pnpm certify` does the full 3 runs.
 */
const CLI = fileURLToPath(new URL('../../apps/cli/bin/browser-provider.js', import.meta.url));

describe.skipIf(!existsSync(CLI))('certification through the CLI', () => {
  it.each(['firefox', 'chrome', 'safari'])('%s meets its expectations or reports itself unavailable', { timeout: 600_000 }, async (name) => {
    const outDir = await mkdtemp(join(tmpdir(), `conformance-${name}-`));
    try {
      const { matrix } = await runCertification({
        browsers: [{ name, command: [process.execPath, CLI, 'serve', '--browser', name] }],
        runs: 1,
        outDir,
      });
      const [result] = matrix.browsers;
      const why = result?.problems.join('\n');
      expect(result?.availability, why).not.toBe('provider_failed');
      if (result?.availability !== 'unavailable') expect(result?.problems, why).toEqual([]);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
