import type { GridStatus } from '@browser-provider/protocol';
import { BROWSERS, createBackend, type BackendOptions, type BrowserName } from './browsers';

/** Prints each browser's status (through a Selenium Grid with `grid`); exit code 0 when every asked-for browser is ready. */
export async function statusCommand(browsers: readonly BrowserName[], json: boolean, grid?: BackendOptions['grid']): Promise<number> {
  const rows = await Promise.all(
    browsers.map(async (b) => {
      const backend = await createBackend(b, { grid });
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
    const seen = rows.find((r) => r.status.grid)?.status.grid;
    if (seen) process.stdout.write(gridSummary(seen));
  }
  return rows.every((r) => r.status.availability === 'ready') ? 0 : 1;
}
export { BROWSERS };

/** The Grid's nodes and their slots, one line each. */
function gridSummary(g: GridStatus): string {
  const lines = [`grid     ${g.url}: ${g.ready ? 'ready' : 'not ready'} (${g.message}), ${g.sessions_in_use} session(s) in use`];
  for (const n of g.nodes) {
    const slots = n.slots.map((s) => `${s.browser} ${s.in_use}/${s.total}`).join(', ');
    lines.push(`  node ${n.uri} ${n.availability}: ${slots || 'no slots'}`);
  }
  return `${lines.join('\n')}\n`;
}
