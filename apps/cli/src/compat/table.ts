import type { OurTool, PlaywrightSnapshot, PwTool, Reasons } from './model';

/** One Playwright tool against ours: where we offer it, which of its arguments we take, what we add. */
export interface Row {
  pw: PwTool;
  ours: OurTool | undefined;
  accepted: string[];
  missing: string[];
  added: string[];
  /** Engines of this table that do not offer it (ours exists elsewhere). */
  lacking: string[];
}

export interface Comparison {
  rows: Row[];
  /** Our tools Playwright MCP does not have. */
  extra: OurTool[];
  /** A default tool or argument missing with no reason in reasons.json: the check fails on these. */
  problems: string[];
  /** Reasons for a tool we now offer everywhere: they can go (an accepted argument's reason is a caveat). */
  stale: string[];
}

/** Compares the snapshot with our tools on `engines`; `reasons` must explain every default gap. */
export function compare(pw: PlaywrightSnapshot, ours: readonly OurTool[], engines: readonly string[], reasons: Reasons): Comparison {
  const byName = new Map(ours.map((t) => [t.name, t]));
  const problems: string[] = [];
  const stale: string[] = [];
  const rows = pw.tools.map((p): Row => {
    const o = byName.get(p.name);
    const names = p.args.map((a) => a.name);
    const accepted = o ? names.filter((n) => o.args.includes(n)) : [];
    const missing = o ? names.filter((n) => !o.args.includes(n)) : names;
    const lacking = o ? engines.filter((e) => !o.engines.includes(e)) : [...engines];
    if (p.group === 'default') {
      if (o === undefined && reasons.tools[p.name] === undefined) problems.push(`${p.name}: a default tool of Playwright MCP ${pw.version} we do not offer, and reasons.json's "tools" does not say why`);
      if (o !== undefined) {
        for (const e of lacking) if (reasons.engines[`${p.name}@${e}`] === undefined && reasons.tools[p.name] === undefined) problems.push(`${p.name}: not offered on ${e}, and reasons.json's "engines" has no "${p.name}@${e}"`);
        for (const a of missing) if (reasons.args[`${p.name}.${a}`] === undefined) problems.push(`${p.name}: we do not accept its argument ${a}, and reasons.json's "args" has no "${p.name}.${a}"`);
      }
    }
    if (o !== undefined && lacking.length === 0 && reasons.tools[p.name] !== undefined) stale.push(`tools.${p.name}`);
    return { pw: p, ours: o, accepted, missing, added: o ? o.args.filter((n) => !names.includes(n)) : [], lacking };
  });
  const known = new Set(pw.tools.map((t) => t.name));
  return { rows, extra: ours.filter((t) => !known.has(t.name)), problems, stale };
}

const code = (xs: readonly string[]) => (xs.length > 0 ? xs.map((x) => `\`${x}\``).join(', ') : '—');
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Why this row is short of Playwright's: the tool's reason, each missing engine's, each argument's (missing, or a caveat). */
function why(r: Row, reasons: Reasons): string {
  const name = r.pw.name;
  const parts = [
    reasons.tools[name] ?? (r.ours === undefined ? 'not built yet' : undefined),
    ...(r.ours ? r.lacking.map((e) => (reasons.engines[`${name}@${e}`] ? `${e}: ${reasons.engines[`${name}@${e}`]}` : undefined)) : []),
    ...(r.ours ? r.pw.args.map(({ name: a }) => (reasons.args[`${name}.${a}`] ? `\`${a}\`: ${reasons.args[`${name}.${a}`]}` : r.missing.includes(a) ? `\`${a}\`: not built yet` : undefined)) : []),
  ];
  return cell(parts.filter((p) => p !== undefined).join(' '));
}

function where(r: Row, engines: readonly string[]): string {
  if (r.ours === undefined) return 'no';
  const on = r.lacking.length === 0 ? `yes (${engines.join(', ')})` : `${r.ours.engines.join(', ')}`;
  const group = (r.ours.cap ?? 'default') === r.pw.group ? '' : ` in our group ${r.ours.cap === undefined ? 'default' : `\`${r.ours.cap}\``}`;
  return `${on}${group}${r.ours.gate ? `; needs \`--${r.ours.gate}\`` : ''}`;
}

/** The counts the report quotes: tools offered on some engine, per group. */
export function counts(c: Comparison): { defaultOffered: number; defaultTotal: number; optInOffered: number; optInTotal: number } {
  const d = c.rows.filter((r) => r.pw.group === 'default');
  const o = c.rows.filter((r) => r.pw.group !== 'default');
  return { defaultOffered: d.filter((r) => r.ours).length, defaultTotal: d.length, optInOffered: o.filter((r) => r.ours).length, optInTotal: o.length };
}

/** docs/mcp-compatibility.md. */
export function render(pw: PlaywrightSnapshot, c: Comparison, engines: readonly string[], reasons: Reasons, caps: readonly string[]): string {
  const n = counts(c);
  const head = ['| Playwright tool | we offer it | its arguments we accept | we do not accept | we add | why not, and caveats |', '|---|---|---|---|---|---|'];
  const line = (r: Row) => `| \`${r.pw.name}\` | ${where(r, engines)} | ${code(r.accepted)} | ${code(r.missing)} | ${code(r.added)} | ${why(r, reasons)} |`;
  const groups = ['default', ...caps].map((g) => ({ g, rows: c.rows.filter((r) => r.pw.group === g) })).filter((x) => x.rows.length > 0);
  return [
    '# MCP compatibility with Playwright MCP',
    '',
    '<!-- Generated by `pnpm docs` (and `pnpm mcp:compat`, which also refreshes the snapshot) from',
    'apps/cli/src/compat/playwright-tools.json, apps/cli/src/compat/reasons.json and our tool table; do not edit. -->',
    '',
    `Each tool of \`@playwright/mcp@${pw.version}\`, listed with every group on, against \`browser-provider mcp\` on`,
    `${engines.join(', ')} with every group on (both with \`--caps ${caps.join(',')}\`). A tool offered on some engines`,
    'is listed there only and refused by name elsewhere; "needs `--allow-eval`": listed only when the server runs with',
    'that flag. The test command fails when a default tool or argument is missing and reasons.json does not say why,',
    'and when this file is stale.',
    '',
    `**Default tools offered: ${n.defaultOffered}/${n.defaultTotal}. Opt-in tools offered: ${n.optInOffered}/${n.optInTotal}.**`,
    '',
    ...groups.flatMap(({ g, rows }) => [g === 'default' ? '## Default tools' : `## \`--caps ${g}\``, '', ...head, ...rows.map(line), '']),
    '## Tools we add',
    '',
    '| tool | group | engines | arguments |',
    '|---|---|---|---|',
    ...c.extra.map((t) => `| \`${t.name}\` | ${t.cap === undefined ? 'default' : `\`${t.cap}\``}${t.gate ? `; needs \`--${t.gate}\`` : ''} | ${t.engines.join(', ')} | ${code(t.args)} |`),
    '',
  ].join('\n');
}
