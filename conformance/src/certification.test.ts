import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCertification } from './certification';
import { allPass } from './expectations';
import { CORE_SCENARIOS, CORE_SCENARIO_IDS } from './scenarios/index';
import { fakeProviderCommand } from './testing/fake-command';
import type { ProgressEvent } from './types';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Two fakes (the second one's page.type broken) through runCertification, core tier, one run. */
async function certifyTwo(jobs?: number) {
  const outDir = await mkdtemp(join(tmpdir(), 'bp-certification-'));
  dirs.push(outDir);
  const events: ProgressEvent[] = [];
  const target = (name: string, ...args: string[]) => ({ name, command: fakeProviderCommand(...args), expectations: allPass(name, CORE_SCENARIO_IDS) });
  const out = await runCertification({
    browsers: [target('first'), target('second', '--break', '07-page-type')],
    runs: 1,
    outDir,
    scenarios: CORE_SCENARIOS,
    onProgress: (e) => events.push(e),
    ...(jobs === undefined ? {} : { jobs }),
  });
  // Where each browser's first run began and its certification ended, in the order they happened.
  const at = (type: ProgressEvent['type'], browser: string) =>
    events.findIndex((e) => e.type === type && (e.type === 'browser-end' ? e.result.browser : e.browser) === browser);
  return { ...out, at, markdown: await readFile(out.files.markdown, 'utf8'), json: JSON.parse(await readFile(out.files.json, 'utf8')) as { jobs?: number } };
}

describe('runCertification', { timeout: 120_000 }, () => {
  it('certifies one browser after the other by default, and the reports say nothing of jobs', async () => {
    const r = await certifyTwo();
    expect(r.matrix.browsers.map((b) => [b.browser, b.ok])).toEqual([['first', true], ['second', false]]);
    expect(r.at('browser-end', 'first')).toBeLessThan(r.at('run-start', 'second'));
    expect(r.matrix.jobs).toBeUndefined();
    expect(r.json.jobs).toBeUndefined();
    expect(r.markdown).not.toMatch(/at once/);
  });

  it('with jobs 2 certifies both at once, keeps the order given, and the reports say the times are shared', async () => {
    const r = await certifyTwo(2);
    expect(r.matrix.browsers.map((b) => [b.browser, b.ok])).toEqual([['first', true], ['second', false]]);
    // The second began before the first was done.
    expect(r.at('run-start', 'second')).toBeLessThan(r.at('browser-end', 'first'));
    expect(r.matrix.browsers[1]?.problems).toEqual([expect.stringContaining('07-page-type: failed but is expected to pass')]);
    expect(r.matrix.ok).toBe(false);
    expect(r.json.jobs).toBe(2);
    expect(r.markdown).toContain("2 browsers certified at once, so their times include each other's load");
  });
});
