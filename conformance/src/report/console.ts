import type { MatrixResult, ProgressEvent } from '../types';
import { cell, errorTierLabel, formatMs, optionalTierLabel, securityTierLabel, STATUS_MARK, tierLabel, tierRows, expectationLabel } from './format';

/** One line per finished scenario, run and browser, for stderr while certification runs. */
export function progressLine(event: ProgressEvent): string {
  switch (event.type) {
    case 'run-start':
      return `[${event.browser}] run ${event.run}/${event.runs}`;
    case 'scenario': {
      const r = event.result;
      const why = r.status === 'pass' ? '' : ` — ${r.error ?? ''}`;
      return `[${event.browser}] run ${event.run} ${STATUS_MARK[r.status].padEnd(7)} ${r.id.padEnd(20)} ${formatMs(r.duration_ms).padStart(7)}${why}`;
    }
    case 'run-end':
      return `[${event.browser}] run ${event.run} ${event.result.ok ? 'matches expectations' : `MISMATCH: ${event.result.problems.join('; ')}`}`;
    case 'browser-end':
      return `[${event.result.browser}] tier ${tierLabel(event.result)}, ${errorTierLabel(event.result)}, ${optionalTierLabel(event.result)}, ${securityTierLabel(event.result)}${event.result.ok ? '' : ' (expectations not met)'}`;
  }
}

/** A progress callback that writes `progressLine` to a stream (stderr by default: stdout may be data). */
export function consoleProgress(stream: NodeJS.WritableStream = process.stderr): (event: ProgressEvent) => void {
  return (event) => void stream.write(`${progressLine(event)}\n`);
}

/** Plain-text matrix: scenarios down (core, errors, optional), browsers across, passes/runs and median time per cell. */
export function matrixTable(m: MatrixResult): string {
  const header = ['scenario', ...m.browsers.map((b) => b.browser)];
  const row = (id: string) => [
    id,
    ...m.browsers.map((b) => {
      const s = b.scenarios.find((x) => x.id === id);
      return s ? `${cell(b, s)} ${s.executed ? formatMs(s.median_ms) : ''}`.trim() : 'not run';
    }),
  ];
  const ids = tierRows(m);
  const core = ids.core.map(row);
  const errorRows = ids.errors.map(row);
  const optionalRows = ids.optional.map(row);
  const securityRows = ids.security.map(row);
  const footer = [
    ['tier', ...m.browsers.map(tierLabel)],
    ...(errorRows.length ? [['errors tier', ...m.browsers.map(errorTierLabel)]] : []),
    ...(optionalRows.length ? [['optional tier', ...m.browsers.map(optionalTierLabel)]] : []),
    ...(securityRows.length ? [['security tier', ...m.browsers.map(securityTierLabel)]] : []),
    ['expectations', ...m.browsers.map((b) => expectationLabel(b))],
  ];
  const all = [header, ...core, ...errorRows, ...optionalRows, ...securityRows, ...footer];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const block = (rows: string[][]) => (rows.length ? [rule, ...rows.map(line)] : []);
  return [line(header), rule, ...core.map(line), ...block(errorRows), ...block(optionalRows), ...block(securityRows), rule, ...footer.map(line)].join('\n');
}
