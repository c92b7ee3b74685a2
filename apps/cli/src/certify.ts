import { fileURLToPath } from 'node:url';
import { CORE_SCENARIOS, CORE_SCENARIO_IDS, SCENARIO_IDS, consoleProgress, loadExpectations, matrixTable, runCertification } from '@browser-provider/conformance';
import type { BrowserName } from './browsers';
import { GRID_CAPABILITIES_ENV, GRID_URL_ENV } from './grid';
import { targetExpectations, type ProviderCommandTarget } from './provider-command';

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const DOCS_MATRIX = fileURLToPath(new URL('../../../docs/compatibility.md', import.meta.url));

export interface CertifyCommandOptions {
  browser: BrowserName[];
  runs: number;
  /** Browsers certified at once (default 1): fewer minutes, timings under each other's load. */
  jobs?: number;
  out: string;
  docs: boolean;
  requireAll?: boolean;
  /** `core`: only the draft's 10 scenarios (the certification tier); `all` adds the errors, optional and security tiers. */
  tiers?: 'core' | 'all';
  /** Certify sessions taken from this Selenium Grid (`serve` reads it from the environment). */
  grid?: { url: string; capabilities?: Record<string, unknown> | undefined } | undefined;
  /** `--provider-command`s: anyone's provider, certified beside (or instead of) the browsers, one matrix row each. */
  providers?: ProviderCommandTarget[];
}

/**
 * Certifies each browser through its own `serve` process, exactly as a client would drive it, prints
 * the matrix and writes the reports. Exit code 0 when every browser met its expectations; a browser
 * that is not installed is a row that says so, and fails the run only with --require-all.
 */
export async function certifyCommand(o: CertifyCommandOptions): Promise<number> {
  const coreOnly = o.tiers === 'core';
  // With the core tier alone, hold each browser to the core entries of its expectations file only.
  const expectationsFor = async (name: string) => {
    const all = await loadExpectations(name, SCENARIO_IDS);
    return { ...all, scenarios: all.scenarios.filter((e) => (CORE_SCENARIO_IDS as string[]).includes(e.id)) };
  };
  const browsers = await Promise.all(
    o.browser.map(async (name) => ({
      name,
      command: [process.execPath, BIN, 'serve', '--browser', name],
      ...(o.grid ? { env: gridEnv(o.grid) } : {}),
      ...(coreOnly ? { expectations: await expectationsFor(name) } : {}),
    })),
  );
  const ids = coreOnly ? CORE_SCENARIO_IDS : SCENARIO_IDS;
  const providers = await Promise.all(
    (o.providers ?? []).map(async (p) => ({ name: p.name, command: p.command, expectations: await targetExpectations(p, ids) })),
  );
  const { matrix, files } = await runCertification({
    browsers: [...browsers, ...providers],
    runs: o.runs,
    ...(o.jobs === undefined ? {} : { jobs: o.jobs }),
    outDir: o.out,
    onProgress: consoleProgress(process.stderr),
    requireAvailable: o.requireAll ?? false,
    ...(coreOnly ? { scenarios: CORE_SCENARIOS } : {}),
    ...(o.docs && o.browser.length === 3 && !coreOnly && !o.grid && providers.length === 0 ? { markdownPath: DOCS_MATRIX } : {}),
    regenerateCommand: 'pnpm exec browser-provider certify --browser all',
  });
  process.stdout.write(`${matrixTable(matrix)}\n`);
  process.stderr.write(`reports: ${files.json}, ${files.markdown}, ${files.html}\n`);
  return matrix.ok ? 0 : 1;
}

function gridEnv(grid: NonNullable<CertifyCommandOptions['grid']>): NodeJS.ProcessEnv {
  return { ...process.env, [GRID_URL_ENV]: grid.url, ...(grid.capabilities ? { [GRID_CAPABILITIES_ENV]: JSON.stringify(grid.capabilities) } : {}) };
}
