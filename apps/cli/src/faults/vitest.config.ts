import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The fault run (`pnpm test:faults`): its own config, so the main suite never runs it twice and it
 * runs one engine at a time (it kills and stops browsers; two at once would fight for 2 cores).
 */
export default defineConfig({
  root: fileURLToPath(new URL('../../../..', import.meta.url)),
  test: {
    include: ['apps/cli/src/faults/**/*.fault.ts'],
    // The same engine discovery and gate as the browsers project (describeEngine): skip a missing engine, fail it under CI.
    globalSetup: ['packages/testing/src/engines-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
