import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { flowToJsonl, type FlowStep } from '@browser-provider/page-script/flow';
import { describe, expect, it } from 'vitest';
import { replayMatrix } from './commands';
import type { ReplayResult } from './replay';

const STEPS: FlowStep[] = [
  { method: 'page.open', params: { url: 'http://127.0.0.1:1/' } },
  { method: 'page.type', params: { selector: '#pw', text: 'hunter2', replace: true }, target: { role: 'textbox', name: 'Password', label: 'Password', css: '#pw' }, secret: true },
  { method: 'page.click', params: { selector: '#go' }, target: { role: 'button', name: 'Sign in', css: '#go' } },
];

describe('replayMatrix', () => {
  it('puts steps down and engines across, and details each failure with its target and snapshot excerpt', () => {
    const text = replayMatrix(
      STEPS,
      new Map<string, ReplayResult | string>([
        ['firefox', { ok: true, steps: STEPS.map((_, i) => ({ step: i + 1, status: 'pass' as const, ms: 10 })) }],
        [
          'chrome',
          {
            ok: false,
            steps: [{ step: 1, status: 'pass' as const, ms: 5 }, { step: 2, status: 'pass' as const, ms: 5 }, { step: 3, status: 'fail' as const, ms: 5, error: 'gone' }],
            failure: { step: 3, method: 'page.click', target: STEPS[2]!.target, message: 'no element on the page is button "Sign in"', snapshot_excerpt: '- heading "Welcome" [level=1]' },
          },
        ],
        ['safari', 'not installed'],
      ]),
    );
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^step\s+firefox\s+chrome\s+safari$/);
    expect(lines[1]).toMatch(/^1\. open http:\/\/127\.0\.0\.1:1\/\s+pass\s+pass\s+n\/a$/);
    expect(lines[2]).toMatch(/^2\. type •••• into textbox "Password"\s+pass\s+pass\s+n\/a$/);
    expect(lines[3]).toMatch(/^3\. click button "Sign in"\s+pass\s+FAIL\s+n\/a$/);
    expect(text).toContain('firefox: all 3 steps passed (30 ms)');
    expect(text).toContain('chrome: failed at step 3');
    expect(text).toContain('chrome: step 3 (page.click button "Sign in" (css #go)) failed: no element on the page is button "Sign in"');
    expect(text).toContain('  - heading "Welcome" [level=1]');
    expect(text).not.toContain('hunter2');
  });
});

describe('replay --export', () => {
  it('prints the flow as a Playwright test and as a WebdriverIO script, without launching a browser', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bp-flow-'));
    const file = join(dir, 'flow.jsonl');
    writeFileSync(file, flowToJsonl(STEPS));
    const bin = fileURLToPath(new URL('../../bin/browser-provider.js', import.meta.url));
    const run = (format: string) => promisify(execFile)(process.execPath, [bin, 'replay', file, '--export', format]);
    const pw = (await run('playwright')).stdout;
    expect(pw).toContain(`await page.goto("http://127.0.0.1:1/");`);
    expect(pw).toContain(`await page.getByRole("textbox", { name: "Password", exact: true }).fill(process.env.FLOW_SECRET ?? '');`);
    expect(pw).toContain(`await page.getByRole("button", { name: "Sign in", exact: true }).click();`);
    const wdio = (await run('webdriverio')).stdout;
    expect(wdio).toContain(`await browser.url("http://127.0.0.1:1/");`);
    expect(wdio).toContain(`await $("aria/Sign in").click();`);
    expect(pw + wdio).not.toContain('hunter2');
  }, 60_000);
});
