import type { MatrixResult, Screenshot } from '../types';

/**
 * The machine-readable report. Screenshots are replaced by their size: they belong in the HTML report,
 * and inline PNGs would make the JSON too big to diff or read.
 */
export function renderJson(m: MatrixResult): string {
  return `${JSON.stringify(m, (key, value: unknown) => (key === 'screenshot' && value ? strip(value as Screenshot) : value), 2)}\n`;
}

function strip(s: Screenshot): Omit<Screenshot, 'data_base64'> & { omitted: true } {
  return { media_type: s.media_type, width: s.width, height: s.height, omitted: true };
}
