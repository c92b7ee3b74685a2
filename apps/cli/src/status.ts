import { BROWSERS, createBackend, type BrowserName } from './browsers';

/** Prints each browser's status; exit code 0 when every asked-for browser is ready. */
export async function statusCommand(browsers: readonly BrowserName[], json: boolean): Promise<number> {
  const rows = await Promise.all(
    browsers.map(async (b) => {
      const backend = await createBackend(b);
      try {
        return { browser: b, status: await backend.status() };
      } finally {
        await backend.shutdown();
      }
    }),
  );
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  } else {
    for (const { browser, status } of rows) {
      process.stdout.write(`${browser.padEnd(8)} ${status.availability.padEnd(12)} ${status.browser_version ?? ''}\n`);
      for (const d of status.diagnostics) process.stdout.write(`  ${d.level}: ${d.message}\n`);
      for (const step of status.manual_steps) process.stdout.write(`  to do: ${step}\n`);
    }
  }
  return rows.every((r) => r.status.availability === 'ready') ? 0 : 1;
}
export { BROWSERS };
