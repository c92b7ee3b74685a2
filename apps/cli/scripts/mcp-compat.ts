/**
 * docs/mcp-compatibility.md: each tool of the pinned Playwright MCP against ours, per engine.
 *   (no flag)  write the table from the committed snapshot of Playwright's tools and our tool table;
 *   --check    fail when the table is stale or a default tool/argument is missing without a reason;
 *   --live     (`pnpm mcp:compat`) first list the pinned Playwright MCP's tools with the SDK client and
 *              rewrite the snapshot, and list ours from `browser-provider mcp` per engine, failing if
 *              that differs from the in-process list the table is built from.
 * Regenerate with: pnpm docs (the table) or pnpm mcp:compat (the snapshot too).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CAPS } from '@browser-provider/mcp';
import { BROWSERS } from '../src/browsers';
import { listOurs, listPlaywright, pinnedVersion } from '../src/compat/live';
import { loadReasons, loadSnapshot, SNAPSHOT_FILE } from '../src/compat/model';
import { ourTools } from '../src/compat/ours';
import { compare, counts, render } from '../src/compat/table';

const DOC = fileURLToPath(new URL('../../../docs/mcp-compatibility.md', import.meta.url));
const fail = (lines: readonly string[]) => {
  for (const l of lines) console.error(`mcp-compat: ${l}`);
  process.exit(1);
};

const ours = await ourTools();
if (process.argv.includes('--live')) {
  const snapshot = await listPlaywright(CAPS);
  writeFileSync(SNAPSHOT_FILE, `${JSON.stringify(snapshot, null, 2)}\n`);
  console.log(`mcp-compat: @playwright/mcp@${snapshot.version}: ${snapshot.tools.length} tools written to the snapshot`);
  const diffs: string[] = [];
  for (const engine of BROWSERS) {
    const live = await listOurs(engine, CAPS);
    const built = ours.filter((t) => t.engines.includes(engine)).map((t) => `${t.name}(${t.args.join(',')})`);
    const said = live.map((t) => `${t.name}(${t.args.join(',')})`);
    const missing = said.filter((t) => !built.includes(t));
    const extra = built.filter((t) => !said.includes(t));
    if (missing.length + extra.length > 0) diffs.push(`${engine}: tools/list has ${missing.join(' ') || 'nothing more'}; the table has ${extra.join(' ') || 'nothing more'}`);
    else console.log(`mcp-compat: ${engine}: tools/list of browser-provider mcp matches the table (${live.length} tools)`);
  }
  if (diffs.length > 0) fail(diffs);
}

const snapshot = loadSnapshot();
const reasons = loadReasons();
const comparison = compare(snapshot, ours, BROWSERS, reasons);
const problems = [...comparison.problems];
const pinned = pinnedVersion();
if (pinned !== snapshot.version) problems.push(`the snapshot is of ${snapshot.version} but ${pinned} is pinned: run pnpm mcp:compat`);
for (const s of comparison.stale) console.warn(`mcp-compat: reasons.json ${s}: we offer it now; the reason can go`);
if (problems.length > 0) fail(problems);

const text = render(snapshot, comparison, BROWSERS, reasons, CAPS);
const n = counts(comparison);
if (process.argv.includes('--check')) {
  if (readFileSync(DOC, 'utf8') !== text) fail(['docs/mcp-compatibility.md is stale; run pnpm docs']);
} else {
  writeFileSync(DOC, text);
  console.log(`mcp-compat: docs/mcp-compatibility.md written: default tools ${n.defaultOffered}/${n.defaultTotal}, opt-in ${n.optInOffered}/${n.optInTotal}`);
}
