import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (fast, no browser; stub transports allowed), `browsers` (real Firefox ESR,
 * Chromium and WebKitGTK; files named *.browser.test.ts; long timeouts, three files at a time), and
 * `browsers-alone` (the browser files too heavy to share the machine, run after those, one at a time).
 *
 * The browsers project's global setup asks `browser-provider status` once which engines are installed;
 * each suite gates on it through `describeEngine` (@browser-provider/testing/engines): a missing engine
 * skips with its reason, or fails under CI. `pnpm test:browsers --engine firefox` runs one engine's
 * tests (it sets BROWSER_PROVIDER_TEST_ENGINES; see docs/testing.md).
 */

// The page-script harness drives Chromium through playwright-core and cannot import the helper
// (@browser-provider/testing depends on page-script), so its files are deselected here, by the same variable.
const asked = process.env.BROWSER_PROVIDER_TEST_ENGINES?.trim();
const chromeAsked = !asked || /(^|,)\s*(all|chrome|chromium)\s*(?=,|$)/i.test(asked);

// What every browser file shares: the engines' global setup and long timeouts.
const browsers = {
  globalSetup: ['packages/testing/src/engines-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

// Files that load the machine for minutes: the Selenium Grid test runs a Java hub and up to eight
// browser sessions at once. Beside two other files on 2 cores it starved them: in CI (2026-12) a
// warm Firefox session.ensure next to it ran past its 30 s, and the Grid's own queue timed out.
// They run last, alone (project `browsers-alone`), where they neither starve nor are starved.
const ALONE = ['apps/cli/src/grid.browser.test.ts'];

// A worker runs its files in one module graph instead of importing every package afresh per file:
// the suites keep no state in modules that outlives a file (each starts its own providers and
// restores what it changes in process.env), and vitest's import time was a tenth of the CPU. Measured
// on this machine (2026-12-07), unit and browser projects under CI=true: 1,189 s wall, 2,231 busy
// core-seconds and 225 s of imports isolated; 1,063 s, 2,014 and 48 s shared, every test passing.
const ISOLATE = false;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Unit tests first, then the browsers, each group with its own worker limit.
          sequence: { groupOrder: 0 },
          // Three at a time on 2 cores (vitest's default is cores - 1, one): the long files (certify against
          // the fake provider, the stdio clients) wait on child processes, and fewer workers left a core
          // idle. Measured on this machine (2026-12-07), the whole unit phase: 192 s with two workers and
          // the certify file's cases five at a time; 162-170 s with its cases all at once (maxConcurrency);
          // 145-148 s with three workers as well.
          maxWorkers: 3,
          maxConcurrency: 32,
          isolate: ISOLATE,
          // Three busy workers on 2 cores stretch a CPU-bound test (the outline property test takes 2 s
          // alone, 5.3 s there): a deadline that tells a hang from a slow machine, not vitest's 5 s.
          testTimeout: 60_000,
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'conformance/src/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          ...browsers,
          name: 'browsers',
          sequence: { groupOrder: 1 },
          include: ['packages/*/src/**/*.browser.test.ts', 'apps/*/src/**/*.browser.test.ts', 'conformance/src/**/*.browser.test.ts', 'bench/src/widgets/*.browser.test.ts'],
          exclude: ['**/node_modules/**', ...ALONE, ...(chromeAsked ? [] : ['packages/page-script/**'])],
          // Three at a time on 2 cores: a browser test spends most of its time waiting on a browser,
          // a driver or a page's timer, so a third file fills the idle time (the suites are written to
          // pass on a loaded machine: deadlines, not timings).
          maxWorkers: 3,
          isolate: ISOLATE,
        },
      },
      {
        test: {
          ...browsers,
          name: 'browsers-alone',
          // After every other browser file, one at a time: nothing else runs beside them.
          sequence: { groupOrder: 2 },
          include: ALONE,
          maxWorkers: 1,
        },
      },
    ],
  },
});
