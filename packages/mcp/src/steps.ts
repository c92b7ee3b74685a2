import type { ResultOf } from '@browser-provider/protocol';
import { notes, pageLine, type Vocabulary } from './answer';
import type { ToolAnswer, ToolContext } from './tool';

type Snapshot = ResultOf<'page.snapshot'>;

/** A snapshot as the model reads it: the page line and the outline. */
export function snapshotAnswer(ctx: ToolContext, vocab: Vocabulary, snap: Snapshot, warnings: readonly string[], head?: string): ToolAnswer {
  ctx.link.seen(snap.page_id, snap.url, snap.rev);
  const text = [head, pageLine(snap), `Snapshot (rev ${snap.rev}):`, snap.text, ...notes(vocab, warnings)].filter((l) => l !== undefined);
  return { text: text.join('\n'), structured: snap as unknown as Record<string, unknown> };
}

/** The page's current snapshot, as a diff against the last one this session saw when there is one. */
export async function diffSnapshot(ctx: ToolContext, pageId?: string): Promise<{ snap: Snapshot; warnings: string[] }> {
  const page = pageId ?? ctx.link.current;
  const known = page !== undefined ? ctx.link.pages.get(page)?.rev : undefined;
  const r = await ctx.link.call<Snapshot>('page.snapshot', { ...(pageId !== undefined ? { page_id: pageId } : {}), ...(known !== undefined ? { since_rev: known } : {}) });
  return { snap: r.result, warnings: r.warnings };
}

const unchanged = (s: Snapshot) => s.diff !== undefined && s.diff.base_found && s.diff.added.length + s.diff.removed.length + s.diff.changed.length === 0;

/**
 * What an action answers: what it did, the page line, and what changed on the page since its last
 * snapshot (the protocol's after-action `snapshot: "diff"`). When the action took the page to another
 * document, a diff would list the whole old page as removed: the new page's snapshot is shown instead.
 */
export async function stepAnswer(
  ctx: ToolContext,
  vocab: Vocabulary,
  done: string,
  result: { page_id?: string; navigation_occurred?: boolean | undefined; snapshot?: Snapshot | undefined } & Record<string, unknown>,
  warnings: string[],
): Promise<ToolAnswer> {
  let snap = result.snapshot;
  const extra = [...warnings];
  if (snap === undefined) {
    const d = await diffSnapshot(ctx, result.page_id);
    snap = d.snap;
    extra.push(...d.warnings);
  }
  const before = ctx.link.pages.get(snap.page_id)?.url;
  const moved = result.navigation_occurred === true || (before !== undefined && before !== snap.url);
  const { snapshot: _s, ...own } = result;
  if (moved && snap.diff?.base_found === true) {
    const full = await ctx.link.call<Snapshot>('page.snapshot', { page_id: snap.page_id });
    const a = snapshotAnswer(ctx, vocab, full.result, [...extra, ...full.warnings], `${done} The page navigated.`.trim());
    return { ...a, structured: { ...own, snapshot: full.result } };
  }
  ctx.link.seen(snap.page_id, snap.url, snap.rev);
  const body = snap.diff === undefined || !snap.diff.base_found ? [`Snapshot (rev ${snap.rev}):`, snap.text] : unchanged(snap) ? ['No change on the page.'] : [`Changes since the last snapshot (now rev ${snap.rev}):`, snap.text];
  return { text: [done, pageLine(snap), ...body, ...notes(vocab, extra)].filter((l) => l !== '').join('\n'), structured: { ...own, snapshot: snap } };
}
