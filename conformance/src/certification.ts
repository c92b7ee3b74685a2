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
}

export interface CertificationOutput {
  matrix: MatrixResult;
  files: { json: string; markdown: string; html: string };
}

/**
 * Certifies each browser in turn against the three tiers (core, errors, optional) unless `scenarios` narrows it (one at a time: two cores cannot host several browsers fairly, and
 * timings would mean nothing) against one shared fixture site, then writes the three reports.
 */
export async function runCertification(options: CertificationOptions): Promise<CertificationOutput> {
  const runs = options.runs ?? 3;
  const scenarios = options.scenarios ?? SCENARIOS;
  const ids = SCENARIOS.map((s) => s.id);
  await mkdir(options.outDir, { recursive: true });
  const fixture = await startFixtureServer();
  const browsers: BrowserResult[] = [];
  try {
    for (const target of options.browsers) {
      options.signal?.throwIfAborted();
      const expectations = target.expectations ?? (await loadExpectations(target.name, ids, options.expectationsDir));
      browsers.push(
        await certify({
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
        }),
      );
    }
  } finally {
    await fixture.close();
  }
  const matrix: MatrixResult = {
    generated_at: new Date().toISOString(),
    protocol_version: PROTOCOL_VERSION,
    runs,
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
