import type { ResultOf } from '@browser-provider/protocol';
import { notes, pageLine, type Vocabulary } from './answer';
import { CallError } from './link';
import type { ToolAnswer, ToolContext } from './tool';

type Snapshot = ResultOf<'page.snapshot'>;

/** A snapshot as the model reads it: the page line and the outline. */
export function snapshotAnswer(ctx: ToolContext, vocab: Vocabulary, snap: Snapshot, warnings: readonly string[], head?: string): ToolAnswer {
  ctx.link.seen(snap.page_id, snap.url, snap.rev);
  const text = [head, `${pageLine(snap)} (rev ${snap.rev})`, snap.text, ...notes(vocab, warnings)].filter((l) => l !== undefined);
  return { text: text.join('\n'), structured: snap as unknown as Record<string, unknown> };
}

/**
 * The page's current snapshot: a diff against the last one this session saw (when there is one and
 * `full` is not asked). A snapshot that ran into a navigation (not_ready / document_replaced) waits
 * for the new document and is taken once more: reading twice is safe where acting twice is not.
 */
export async function diffSnapshot(ctx: ToolContext, pageId?: string, full = false): Promise<{ snap: Snapshot; warnings: string[] }> {
  const page = pageId ?? ctx.link.current;
  const known = page !== undefined && !full ? ctx.link.pages.get(page)?.rev : undefined;
  const params = { ...(pageId !== undefined ? { page_id: pageId } : {}), ...(known !== undefined ? { since_rev: known } : {}) };
  try {
    const r = await ctx.link.call<Snapshot>('page.snapshot', params);
    return { snap: r.result, warnings: r.warnings };
  } catch (e) {
    if (!(e instanceof CallError) || e.error.code !== 'not_ready' || e.error.details.code !== 'document_replaced') throw e;
    await ctx.link.call('page.wait', { ...(pageId !== undefined ? { page_id: pageId } : {}), navigation_complete: true }).catch(() => undefined);
    const r = await ctx.link.call<Snapshot>('page.snapshot', params);
    return { snap: r.result, warnings: r.warnings };
  }
}

/** A change that only moved the focus: true to the page, but nothing a model acts on. */
const FOCUSED = ' [focused]';
const focusOnly = (c: { line: string; was: string }) => c.line.replace(FOCUSED, '') === c.was.replace(FOCUSED, '');

/**
 * The diff as the model reads it: one line per added (+, with its parent's ref), removed (-) or
 * changed (~) node, the changed ones without their old line and without changes of focus alone.
 * The whole diff, old lines included, stays in structuredContent (diffOnly).
 */
function diffLines(d: NonNullable<Snapshot['diff']>): string[] {
  return [
    ...d.added.map((a) => `+ ${a.line}${a.parent_ref !== undefined ? ` (in ${a.parent_ref})` : ''}`),
    ...d.removed.map((r) => `- ${r.line}`),
    ...d.changed.filter((c) => !focusOnly(c)).map((c) => `~ ${c.line}`),
  ];
}

/** Core's warning that the action's own snapshot failed: the step reads the page again instead, so the note would mislead. */
const SNAPSHOT_FAILED = /^The action was done, but the snapshot after it failed/;

/**
 * What an action answers: what it did, the page line, and what changed on the page since its last
 * snapshot. The action takes its snapshot in the same call (`snapshot: "diff"`, see AFTER_ACTION),
 * so a step is one protocol call; core answers a snapshot that failed after the action as
 * `snapshot_missing`, never as an error (which the model would take as "not done" and repeat), and
 * only then is the page read again here. When the action took the page to another document, the new
 * page's outline is shown, not a diff listing the whole old page as removed.
 */
export async function stepAnswer(
  ctx: ToolContext,
  vocab: Vocabulary,
  done: string,
  result: { page_id?: string; navigation_occurred?: boolean | undefined; snapshot?: Snapshot | undefined; snapshot_missing?: unknown } & Record<string, unknown>,
  warnings: string[],
): Promise<ToolAnswer> {
  const before = result.page_id !== undefined ? ctx.link.pages.get(result.page_id)?.url : undefined;
  const extra = result.snapshot_missing !== undefined ? warnings.filter((w) => !SNAPSHOT_FAILED.test(w)) : [...warnings];
  let { snap, warnings: w } = result.snapshot !== undefined ? { snap: result.snapshot, warnings: [] as string[] } : await diffSnapshot(ctx, result.page_id, result.navigation_occurred === true);
  // A navigation the action could not see (Enter in a form, a script's redirect) shows as another url.
  const moved = result.navigation_occurred === true || (snap.diff?.base_found === true && before !== undefined && before !== snap.url);
  if (moved && snap.diff?.base_found === true) ({ snap, warnings: w } = await diffSnapshot(ctx, snap.page_id, true));
  extra.push(...w);
  if (moved) return { ...snapshotAnswer(ctx, vocab, snap, extra, `${done} The page navigated.`.trim()), structured: { ...result, snapshot: snap } };
  ctx.link.seen(snap.page_id, snap.url, snap.rev);
  const changes = snap.diff !== undefined && snap.diff.base_found ? diffLines(snap.diff) : undefined;
  const body = changes === undefined ? [snap.text] : changes.length > 0 ? changes : ['No change on the page.'];
  const structured = changes === undefined ? { ...result, snapshot: snap } : { ...result, snapshot: diffOnly(snap, result) };
  return { text: [done, `${pageLine(snap)} (rev ${snap.rev})`, ...body, ...notes(vocab, extra)].filter((l) => l !== '').join('\n'), structured };
}

/**
 * A diff snapshot as a step's structuredContent carries it: the diff (old lines included) and the
 * changed elements, without what says the same again (issue 33: a click's answer was over 1 KB, most
 * of it repeats): `text` is the diff rendered (the answer's text has it), the pruned node tree holds
 * the elements' facts once more (their states are in the diff's lines), and the page id and url are
 * the action's own when they are the same.
 */
function diffOnly(snap: Snapshot, result: { page_id?: string; url?: unknown }): Record<string, unknown> {
  const { page_id, url, text: _text, snapshot: _tree, ...rest } = snap;
  return { ...(page_id !== result.page_id ? { page_id } : {}), ...(url !== result.url ? { url } : {}), ...rest };
}

/** What an action that takes its snapshot in the same call adds to its params. */
export const AFTER_ACTION = { snapshot: 'diff' } as const;
