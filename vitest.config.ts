import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (fast, no browser; stub transports allowed) and `browsers` (real Firefox ESR,
 * Chromium and WebKitGTK; files named *.browser.test.ts; long timeouts, few at a time on 2 cores).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Unit tests first, then the browsers, each group with its own worker limit.
          sequence: { groupOrder: 0 },
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'conformance/src/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'browsers',
          sequence: { groupOrder: 1 },
          include: ['packages/*/src/**/*.browser.test.ts', 'apps/*/src/**/*.browser.test.ts', 'conformance/src/**/*.browser.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
