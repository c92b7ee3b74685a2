import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { engineGate, isCi, parseStatus, type EngineFacts } from './engines';

const VITEST = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));
const GATE_CONFIG = fileURLToPath(new URL('./engine-gate/vitest.config.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Every *.browser.test.ts under the browsers project's roots. */
function browserTestFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules') continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.browser.test.ts')) found.push(relative(REPO, p));
    }
  };
  for (const root of ['packages', 'apps', 'conformance']) walk(join(REPO, root));
  return found;
}

/** vitest on the gate fixture (Firefox hidden), with CI as given: its exit code and output. */
function runGate(ci: string | undefined): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  delete env.CI;
  if (ci !== undefined) env.CI = ci;
  return new Promise((resolve) => {
    execFile(process.execPath, [VITEST, 'run', '--config', GATE_CONFIG, '--reporter', 'verbose'], { env }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

const STATUS = JSON.stringify([
  { browser: 'firefox', status: { availability: 'unavailable', diagnostics: [{ level: 'error', code: 'browser_not_found', message: 'Firefox not found.' }], manual_steps: ['sudo apt-get install firefox-esr'] } },
  { browser: 'chrome', status: { availability: 'ready', diagnostics: [{ level: 'info', code: 'browser_found', message: 'Chrome at /usr/bin/chromium.' }] } },
]);

describe('the browser-suite gate', () => {
  it('reads what `browser-provider status` says is missing, and why', () => {
    expect(parseStatus(STATUS)).toEqual({
      selected: ['firefox', 'chrome'],
      missing: { firefox: 'firefox is not installed here: Firefox not found. To install: sudo apt-get install firefox-esr.' },
    });
  });

  it('runs what is installed, skips what is missing with the reason, and fails it under CI; an engine not asked for is skipped even under CI', () => {
    const facts: EngineFacts = { selected: ['firefox', 'chrome'], missing: { firefox: 'firefox is not installed here' } };
    expect(engineGate(['chrome'], facts, true)).toEqual({ verdict: 'run' });
    expect(engineGate(['firefox'], facts, false)).toEqual({ verdict: 'skip', reason: 'firefox is not installed here' });
    expect(engineGate(['firefox'], facts, true)).toEqual({ verdict: 'fail', reason: expect.stringContaining('firefox is not installed here') });
    expect(engineGate(['safari'], facts, true)).toMatchObject({ verdict: 'deselected' });
    expect(engineGate(['chrome', 'firefox'], facts, true)).toMatchObject({ verdict: 'fail' });
    expect(engineGate(['chrome', 'safari'], facts, true)).toMatchObject({ verdict: 'deselected', reason: expect.stringMatching(/^safari not selected/) });
  });

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', true],
  ])('CI=%s is CI: %s', (ci, expected) => {
    expect(isCi(ci === undefined ? {} : { CI: ci })).toBe(expected);
  });

  it('with Firefox hidden, a suite fails naming it under CI=true, and is skipped with the reason otherwise', async () => {
    const [ci, local] = await Promise.all([runGate('true'), runGate(undefined)]);
    expect(ci.code, ci.out).not.toBe(0);
    expect(ci.out).toMatch(/gate fixture on firefox > needs firefox installed/);
    expect(ci.out).toMatch(/CI is set, so a missing browser fails instead of skipping: firefox is not installed here/);
    expect(ci.out).toMatch(/Tests\s+1 failed \| 1 passed/);
    expect(local.code, local.out).toBe(0);
    expect(local.out).toMatch(/\[skipped\] gate fixture on firefox: firefox is not installed here/);
    expect(local.out).toMatch(/Tests\s+1 passed \| 1 skipped/);
  }, 60_000);

  it('is what every browser test file goes through (the page-script harness is selected by vitest.config.ts instead)', () => {
    const files = browserTestFiles();
    expect(files.length).toBeGreaterThan(50);
    const ungated = files.filter((f) => !f.startsWith('packages/page-script/') && !/\b(describeEngine|engineReady)\b/.test(readFileSync(join(REPO, f), 'utf8')));
    expect(ungated).toEqual([]);
  });
});
