import { fileURLToPath } from 'node:url';
import { consoleProgress, matrixTable, runCertification } from '@browser-provider/conformance';
import type { BrowserName } from './browsers';

const BIN = fileURLToPath(new URL('../bin/browser-provider.js', import.meta.url));
const DOCS_MATRIX = fileURLToPath(new URL('../../../docs/compatibility.md', import.meta.url));

export interface CertifyCommandOptions {
  browser: BrowserName[];
  runs: number;
  out: string;
  docs: boolean;
  requireAll?: boolean;
}

/**
 * Certifies each browser through its own `serve` process, exactly as a client would drive it, prints
 * the matrix and writes the reports. Exit code 0 when every browser met its expectations; a browser
 * that is not installed is a row that says so, and fails the run only with --require-all.
 */
export async function certifyCommand(o: CertifyCommandOptions): Promise<number> {
  const { matrix, files } = await runCertification({
    browsers: o.browser.map((name) => ({ name, command: [process.execPath, BIN, 'serve', '--browser', name] })),
    runs: o.runs,
    outDir: o.out,
    onProgress: consoleProgress(process.stderr),
    requireAvailable: o.requireAll ?? false,
    ...(o.docs && o.browser.length === 3 ? { markdownPath: DOCS_MATRIX } : {}),
    regenerateCommand: 'pnpm exec browser-provider certify --browser all',
  });
  process.stdout.write(`${matrixTable(matrix)}\n`);
  process.stderr.write(`reports: ${files.json}, ${files.markdown}, ${files.html}\n`);
  return matrix.ok ? 0 : 1;
}
