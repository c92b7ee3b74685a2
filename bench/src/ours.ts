import type { BenchServer } from './fixtures';
import { ACTIONABLE_EXTRA, ACTIONABLE_PER_ROW } from './fixtures';
import { rssMb } from './procs';
import { median, timeOnce, timeRuns } from './stats';
import { StdioProvider } from './stdio-client';
import type { Engine, Iterations, OurEngine, OurPage } from './types';

/**
 * Our provider as a client sees it: `browser-provider serve` over stdio, one session, the catalog
 * pages one after another. Snapshots pass `max_nodes: 100000` so every row is in them: the default
 * budget (5,000 nodes) cuts a 1,000-row page short, and a truncated snapshot against a peer's
 * complete one would be a false win.
 */

export const FULL_BUDGET = { max_nodes: 100_000 };

/** Untimed snapshots before the timed ones on a page of `rows` (the same for ours and the peers). */
export const warmups = (it: Iterations, rows: number): number => (rows >= 5_000 ? 1 : it.snapshotWarmups);
/** The row every action targets: on screen without scrolling on every page size. */
export const TARGET_ROW = 10;
/** The button every click targets, for the peers and the floors (ours finds it by ref). */
export const TARGET_BUTTON = `#row-${TARGET_ROW} button`;

interface Element {
  element_ref: string;
  role: string;
  selector_hint?: string;
}

export function refOf(elements: Element[], role: string, row: number): string {
  const hint = `#row-${row}>`;
  const e = elements.find((el) => el.role === role && el.selector_hint?.startsWith(hint));
  if (!e) throw new Error(`no ${role} of row ${row} in the snapshot (hints: ${elements.slice(0, 3).map((x) => x.selector_hint).join(', ')})`);
  return e.element_ref;
}

async function measurePage(p: StdioProvider, sid: string, url: string, rows: number, it: Iterations, log: (s: string) => void): Promise<OurPage> {
  await p.call('page.open', { session_id: sid, url });
  const snaps = rows >= 5_000 ? it.bigSnapshots : it.snapshots;
  // Untimed snapshots first: the first installs the page script in this document.
  const first = await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET });
  for (let i = 1; i < warmups(it, rows); i++) await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET });
  const fullTimes = await timeRuns(snaps, () => p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET }));
  const unfolded = await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET, collapse: false });
  let inter: any;
  const interTimes = await timeRuns(snaps, async () => (inter = await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET, mode: 'interactive' })));
  const interText = String(inter.text);
  // Every actionable element must be in the text by its ref (as a line of its own or a table cell).
  const printed = new Set(Array.from(interText.matchAll(/\[(?:ref=)?(e\d+)\]/g), (m) => m[1]));
  const interactiveRefs = (inter.elements as Array<Element & { actionable: boolean }>).filter((e) => e.actionable && printed.has(e.element_ref)).length;
  log(`    full ${median(fullTimes).toFixed(0)} ms, interactive ${median(interTimes).toFixed(0)} ms`);

  // Diff after one click, asked the explicit way: a full snapshot, a click, then since_rev.
  const base = await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET });
  const button = refOf(base.elements, 'button', TARGET_ROW);
  const textbox = refOf(base.elements, 'textbox', TARGET_ROW);
  await p.call('page.click', { session_id: sid, element_ref: button });
  const diff = await p.send('page.snapshot', { session_id: sid, ...FULL_BUDGET, since_rev: base.rev });
  if (!diff.ok) throw new Error(`since_rev snapshot failed: ${diff.error?.message}`);
  // And the one-call way an agent with default settings uses: click with snapshot:"diff".
  await p.call('page.snapshot', { session_id: sid });
  const clickDiff = await p.call('page.click', { session_id: sid, element_ref: button, snapshot: 'diff' });

  const clickTimes = await timeRuns(it.clicks, () => p.call('page.click', { session_id: sid, element_ref: button }));
  const typeTimes = await timeRuns(it.types, (i) => p.call('page.type', { session_id: sid, element_ref: textbox, text: `note ${i}`, replace: true }));
  const shotTimes = await timeRuns(it.screenshots, () => p.call('page.screenshot', { session_id: sid }));
  log(`    click ${median(clickTimes).toFixed(1)} ms, type ${median(typeTimes).toFixed(1)} ms, screenshot ${median(shotTimes).toFixed(0)} ms`);
  return {
    rows,
    fullMs: median(fullTimes),
    interactiveMs: median(interTimes),
    fullChars: String(first.text).length,
    fullUnfoldedChars: String(unfolded.text).length,
    interactiveChars: interText.length,
    interactiveRefs,
    actionable: rows * ACTIONABLE_PER_ROW + ACTIONABLE_EXTRA,
    diffChars: String(diff.result.text).length,
    diffBytes: diff.lineChars,
    clickDiffChars: String(clickDiff.snapshot?.text ?? '').length,
    clickMs: median(clickTimes),
    typeMs: median(typeTimes),
    screenshotMs: median(shotTimes),
    truncated: Boolean(first.truncated || inter.truncated || unfolded.truncated),
  };
}

export async function measureOurs(engine: Engine, server: BenchServer, rowSets: number[], it: Iterations, log: (s: string) => void): Promise<OurEngine> {
  const p = new StdioProvider(engine);
  const out: OurEngine = { engine, version: '', startMs: 0, pages: [] };
  try {
    const status = await p.call('provider.status', {});
    out.version = String(status.browser_version ?? '');
    const idle = rssMb(p.pid);
    if (idle !== undefined) out.rssIdleMb = idle;
    const started = await timeOnce(() => p.call('session.ensure', {}));
    out.startMs = started.ms;
    const sid = String(started.value.session_id);
    for (const rows of rowSets) {
      log(`  ours/${engine}: ${rows} rows`);
      out.pages.push(await measurePage(p, sid, server.catalogUrl(rows), rows, it, log));
      if (rows === 1_000) {
        const rss = rssMb(p.pid);
        if (rss !== undefined) out.rssMb = rss;
      }
    }
    if (out.rssMb === undefined) {
      // --rows without 1,000: still report RSS, on that page size, so the target has a figure.
      await p.call('page.open', { session_id: sid, url: server.catalogUrl(1_000) });
      await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET });
      out.rssMb = rssMb(p.pid);
    }
  } catch (e) {
    out.error = (e as Error).message;
    log(`  ours/${engine} failed: ${out.error}`);
  } finally {
    await p.close();
  }
  return out;
}
