/**
 * A hand-written bar chart: panels of horizontal bars, one per contender, each panel on its own
 * linear scale with the value printed at the bar's end. No dependencies, readable as text in a diff.
 */

export interface Bar {
  label: string;
  value: number;
  /** `ours`, `peer` or `floor`: picks the colour. */
  kind: 'ours' | 'peer' | 'floor';
}

export interface Panel {
  title: string;
  unit: string;
  bars: Bar[];
}

const COLORS = { ours: '#2563eb', peer: '#f59e0b', floor: '#6b7280' } as const;
const W = 760;
const LABEL_W = 250;
const BAR_H = 18;
const GAP = 6;
const PANEL_HEAD = 30;

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

function fmt(v: number, unit: string): string {
  if (unit === 'chars') return v >= 10_000 ? `${(v / 1000).toFixed(0)}k chars` : `${v.toFixed(0)} chars`;
  return `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${unit}`;
}

export function barChart(title: string, panels: Panel[]): string {
  const parts: string[] = [];
  let y = 40;
  for (const panel of panels) {
    const bars = panel.bars.filter((b) => Number.isFinite(b.value));
    if (bars.length === 0) continue;
    parts.push(`<text x="10" y="${y + 18}" font-weight="bold">${esc(panel.title)}</text>`);
    y += PANEL_HEAD;
    const max = Math.max(...bars.map((b) => b.value));
    const span = W - LABEL_W - 110;
    for (const b of bars) {
      const w = max > 0 ? Math.max(1, (b.value / max) * span) : 1;
      parts.push(
        `<text x="${LABEL_W - 8}" y="${y + 13}" text-anchor="end">${esc(b.label)}</text>`,
        `<rect x="${LABEL_W}" y="${y}" width="${w.toFixed(1)}" height="${BAR_H}" fill="${COLORS[b.kind]}"/>`,
        `<text x="${(LABEL_W + w + 6).toFixed(1)}" y="${y + 13}">${esc(fmt(b.value, panel.unit))}</text>`,
      );
      y += BAR_H + GAP;
    }
    y += 10;
  }
  const legend = (['ours', 'peer', 'floor'] as const)
    .map((k, i) => `<rect x="${W - 260 + i * 85}" y="12" width="12" height="12" fill="${COLORS[k]}"/><text x="${W - 244 + i * 85}" y="22">${k === 'floor' ? 'raw floor' : k}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${y + 10}" viewBox="0 0 ${W} ${y + 10}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="10" y="22" font-size="14" font-weight="bold">${esc(title)}</text>`,
    legend,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
