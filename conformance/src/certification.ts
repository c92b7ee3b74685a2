import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@browser-provider/protocol';
import { loadExpectations, type Expectations } from './expectations';
import { startFixtureServer } from './fixtures/server';
import { renderHtml } from './report/html';
import { renderJson } from './report/json';
import { renderMarkdown } from './report/markdown';
import { certify } from './runner';
import { SCENARIOS, type Scenario } from './scenarios/index';
import type { BrowserResult, MatrixResult, ProgressEvent } from './types';

export interface BrowserTarget {
  /** `firefox`, `chrome`, `safari`: also names the expectations file. */
  name: string;
  /** argv of the provider, e.g. `[process.execPath, 'apps/cli/bin/browser-provider.js', 'serve', '--browser', 'firefox']`. */
  command: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Overrides `expectations/<name>.json`. */
  expectations?: Expectations;
}

export interface CertificationOptions {
  browsers: BrowserTarget[];
  runs?: number;
  /** Where certification.json, compatibility.md, certification.html and the stderr logs go. */
  outDir: string;
  onProgress?: (event: ProgressEvent) => void;
  /** Treat an unavailable browser as a failure (CI on a machine that must have them all). */
  requireAvailable?: boolean;
  /** Where compatibility.md goes, e.g. `docs/compatibility.md`; defaults to `<outDir>/compatibility.md`. */
  markdownPath?: string;
  /** Shown in the reports as the way to regenerate them. */
  regenerateCommand?: string;
  expectationsDir?: string | URL;
  scenarios?: readonly Scenario[];
  signal?: AbortSignal;
  /**
   * How many browsers are certified at once (default 1). Each still gets its own provider processes and
   * sessions; the shared fixture site serves them all. Above 1 the timings include the other browsers'
   * load, and the reports say so.
   */
  jobs?: number;
}

export interface CertificationOutput {
  matrix: MatrixResult;
  files: { json: string; markdown: string; html: string };
}

/**
 * Certifies each browser against the tiers (core, errors, optional, security) unless `scenarios`
 * narrows it, against one shared fixture site, then writes the three reports. By default one browser
 * at a time: two cores cannot host several browsers fairly, and the timings would include each other's
 * load. `jobs` above 1 trades that for wall time (most of a run waits on the browser, not the CPU); the
 * verdicts do not depend on timings, and the matrix records `jobs` so its timings are read as such.
 */
export async function runCertification(options: CertificationOptions): Promise<CertificationOutput> {
  const runs = options.runs ?? 3;
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, options.browsers.length));
  const scenarios = options.scenarios ?? SCENARIOS;
  const ids = SCENARIOS.map((s) => s.id);
  await mkdir(options.outDir, { recursive: true });
  const fixture = await startFixtureServer();
  // In the order given, whatever order they finish in.
  const browsers: BrowserResult[] = new Array<BrowserResult>(options.browsers.length);
  const certifyTarget = async (target: BrowserTarget): Promise<BrowserResult> => {
    options.signal?.throwIfAborted();
    const expectations = target.expectations ?? (await loadExpectations(target.name, ids, options.expectationsDir));
    return certify({
      browser: target.name,
      command: target.command,
      ...(target.env ? { env: target.env } : {}),
      ...(target.cwd ? { cwd: target.cwd } : {}),
      runs,
      expectations,
      scenarios,
      origin: fixture.origin,
      logDir: options.outDir,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  };
  try {
    const queue = options.browsers.map((target, i) => ({ target, i }));
    let failed = false;
    // `jobs` lanes, each taking the next browser when its last one is done; after a lane fails, none
    // starts another, and the fixture stays up until every lane has stopped.
    const lane = async () => {
      for (let item = queue.shift(); item && !failed; item = queue.shift()) {
        try {
          browsers[item.i] = await certifyTarget(item.target);
        } catch (e) {
          failed = true;
          throw e;
        }
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: jobs }, lane));
    const rejected = settled.find((r) => r.status === 'rejected');
    if (rejected) throw rejected.reason;
  } finally {
    await fixture.close();
  }
  const matrix: MatrixResult = {
    generated_at: new Date().toISOString(),
    protocol_version: PROTOCOL_VERSION,
    runs,
    ...(jobs > 1 ? { jobs } : {}),
    browsers,
    scenario_ids: scenarios.map((s) => s.id),
    error_scenario_ids: scenarios.filter((s) => s.tier === 'errors').map((s) => s.id),
    optional_scenario_ids: scenarios.filter((s) => s.tier === 'optional').map((s) => s.id),
    security_scenario_ids: scenarios.filter((s) => s.tier === 'security').map((s) => s.id),
    ok: browsers.every((b) => b.ok || (b.availability === 'unavailable' && !options.requireAvailable)),
    regenerate_command: options.regenerateCommand ?? 'browser-provider certify --browser all',
  };
  const files = {
    json: join(options.outDir, 'certification.json'),
    markdown: options.markdownPath ?? join(options.outDir, 'compatibility.md'),
    html: join(options.outDir, 'certification.html'),
  };
  await Promise.all([
    writeFile(files.json, renderJson(matrix)),
    writeFile(files.markdown, renderMarkdown(matrix)),
    writeFile(files.html, renderHtml(matrix)),
  ]);
  return { matrix, files };
}
