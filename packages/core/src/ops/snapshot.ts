import { decodeFrameSnapshot, isStillScrolling, type FrameWire, type SnapshotOptions } from '@browser-provider/page-script';
import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import type { FrameKey } from '../backend';
import type { PageHandle, PastSnapshot } from '../state/page';
import type { Session } from '../state/session';
import { assemble, type FrameCapture } from '../snapshot/assemble';
import { diffSnapshots, diffText, pruneToDiff } from '../snapshot/diff';
import { limitText, outlineText } from '../snapshot/outline';
import { emptyLike, scopeTo } from '../snapshot/scope';
import { ERRORS, raise } from '../catalog';
import { toProviderError, type ProviderError } from '../catalog/errors';
import { staleRef, unknownRef } from '../catalog/repair';
import { call, enterFrame, MAX_FRAME_DEPTH } from './frames';
import { sleep } from '../toolkit/deadline';
import { pageInfoCut } from '../state/limits';

export const DEFAULT_MAX_NODES = 10_000;
/** How a cut value ends (the page's valueOf, core's cut). */
// \u2026 (…) escaped: esbuild leaves a regex literal as written, and one character past Latin-1 makes
// V8 hold the whole server chunk's source at two bytes a character (about 330 KB).
const VALUE_CUT = /\u2026 \[\d+ more characters cut\]$/;

/** A frame's capture with what its page script answered, kept so a past snapshot can be rebuilt. */
interface Capture extends FrameCapture {
  wire: FrameWire;
  children: Map<number, Capture>;
}

/** A frame's answer and its iframes' answers: a snapshot's compact form. */
interface WireTree {
  frame: FrameKey;
  wire: FrameWire;
  children: Map<number, WireTree>;
}

function wireTree(capture: Capture): WireTree {
  const children = new Map<number, WireTree>();
  for (const [index, child] of capture.children) children.set(index, wireTree(child));
  return { frame: capture.frame, wire: capture.wire, children };
}

function thaw(tree: WireTree): FrameCapture {
  const children = new Map<number, FrameCapture>();
  for (const [index, child] of tree.children) children.set(index, thaw(child));
  return { frame: tree.frame, snap: decodeFrameSnapshot(tree.wire), children };
}

/**
 * Keeps a snapshot as what the pages sent plus the refs it was given, in the order assemble minted
 * them: assembling the same answers again mints in the same order, so the rebuilt snapshot has the
 * same node ids and refs (and no ref is minted anew for a document that has since gone).
 */
function pastSnapshot(top: Capture, refs: readonly string[], mode: 'full' | 'interactive', maxNodes: number, valueChars: number | undefined): PastSnapshot {
  const tree = wireTree(top);
  return {
    mode,
    maxNodes,
    rebuild: () => {
      let next = 0;
      return assemble(thaw(tree), () => refs[next++] as string, valueChars).snapshot;
    },
  };
}

/**
 * How long a snapshot waits for a frame to stop scrolling before it takes the frame as it is: well
 * past the 800 ms after which the page script stops waiting out a scroll that never pauses, so a
 * loaded machine whose frames come late does not reach it on such a page.
 */
export const SCROLL_SETTLE_MS = 2000;

/**
 * The frame's snapshot once it has stopped scrolling: while the page script answers that a scroll is
 * under way (a key's smooth scroll outlives the key's answer; page/scrolling.ts), wait as long as it
 * says and ask again. The wait is ours, on Node's clock, and bounded: after SCROLL_SETTLE_MS the
 * frame is taken mid-scroll and a warning says so.
 */
async function restingFrame(page: PageHandle, frame: FrameKey, opts: SnapshotOptions, warnings: string[], signal: AbortSignal): Promise<FrameWire> {
  const until = Date.now() + SCROLL_SETTLE_MS;
  for (;;) {
    const answer = await call(page, frame, 'snapshot', [opts], signal);
    if (!isStillScrolling(answer)) return answer;
    const left = until - Date.now();
    if (left <= 0) break;
    await sleep(Math.min(Math.max(answer.scrolling, 1), left), signal);
  }
  warnings.push(`The page was still scrolling after ${SCROLL_SETTLE_MS} ms; this snapshot shows it mid-scroll.`);
  return call(page, frame, 'snapshot', [{ ...opts, midScroll: true }], signal) as Promise<FrameWire>;
}

/**
 * Captures a frame and, depth first, every iframe document it shows, within one node budget. With
 * `boxes` (where this frame's viewport starts in the top-level one), element boxes are moved into the
 * top-level viewport; the kept wire stays in frame coordinates, as diffs do not print boxes.
 */
async function captureFrame(
  session: Session,
  page: PageHandle,
  frame: FrameKey,
  budget: { nodes: number },
  mode: 'full' | 'interactive',
  valueChars: number | undefined,
  depth: number,
  warnings: string[],
  signal: AbortSignal,
  boxes?: { x: number; y: number },
): Promise<Capture> {
  const opts = { maxNodes: Math.max(1, budget.nodes), mode, ...(boxes ? { boxes: true } : {}), ...(valueChars !== undefined ? { valueChars } : {}) };
  const wire = await restingFrame(page, frame, opts, warnings, signal);
  const snap = decodeFrameSnapshot(wire);
  if (boxes !== undefined && (boxes.x !== 0 || boxes.y !== 0)) for (const n of snap.nodes) if (n.box) n.box = [n.box[0] + boxes.x, n.box[1] + boxes.y, n.box[2], n.box[3]];
  budget.nodes -= snap.nodes.length;
  const previous = page.docs.get(frame);
  if (previous !== undefined && previous !== snap.doc) session.refs.dropDocument(page.id, frame, previous);
  page.docs.set(frame, snap.doc);
  const capture: Capture = { frame, snap, wire, children: new Map() };
  for (let i = 0; i < snap.nodes.length; i++) {
    const node = snap.nodes[i];
    if (node?.frame !== true || node.id === undefined) continue;
    if (depth >= MAX_FRAME_DEPTH || budget.nodes <= 0) {
      snap.truncated = true;
      continue;
    }
    try {
      const child = await enterFrame(page, frame, snap.doc, node.id, signal);
      const origin = boxes !== undefined && child !== null ? await call(page, frame, 'frameOrigin', [snap.doc, node.id], signal) : null;
      const inner = boxes !== undefined && origin !== null ? { x: boxes.x + Math.round(origin.x), y: boxes.y + Math.round(origin.y) } : undefined;
      if (child !== null) capture.children.set(i, await captureFrame(session, page, child, budget, mode, valueChars, depth + 1, warnings, signal, inner));
    } catch (e) {
      if (signal.aborted) throw e;
      warnings.push(`iframe ${JSON.stringify(node.name)} could not be read: ${(e as Error).message}`);
    }
  }
  return capture;
}

export async function snapshotPage(
  session: Session,
  page: PageHandle,
  p: ParamsOf<'page.snapshot'>,
  warnings: string[],
  signal: AbortSignal,
): Promise<ResultOf<'page.snapshot'>> {
  // A diff compares like with like: without an explicit mode or node budget it takes the base's.
  const base = p.since_rev !== undefined ? page.history.get(p.since_rev) : undefined;
  if (p.scope !== undefined) checkScope(session, page, p.scope);
  const mode = p.mode ?? base?.mode ?? 'full';
  const maxNodes = p.max_nodes ?? base?.maxNodes ?? DEFAULT_MAX_NODES;
  const budget = { nodes: maxNodes };
  const top = await captureFrame(session, page, page.backend.mainFrame, budget, mode, p.value_chars, 0, warnings, signal, p.boxes === true ? { x: 0, y: 0 } : undefined);
  const minted: string[] = [];
  const mint = (frame: FrameKey, doc: string, id: number) => {
    const ref = session.refs.mintIn(page.id, frame, doc, id);
    minted.push(ref);
    return ref;
  };
  const whole = assemble(top, mint, p.value_chars);
  const scoped = p.scope !== undefined ? scopeTo(whole.snapshot, whole.elements, p.scope) : undefined;
  if (p.scope !== undefined && scoped === undefined) throw await scopeMissing(session, page, p.scope, signal);
  const out = scoped === undefined ? whole : { ...whole, ...scoped };
  // The page keeps the whole snapshot: a later diff, scoped or not, compares against all of it.
  const rev = ++page.rev;
  page.remember(rev, pastSnapshot(top, minted, mode, maxNodes, p.value_chars));
  let truncated = out.truncated;
  if (truncated) warnings.push(`snapshot truncated at ${maxNodes} nodes; pass a larger max_nodes to see more`);
  const cutValue = out.snapshot.nodes.find((n) => n.value !== undefined && VALUE_CUT.test(n.value));
  if (cutValue !== undefined) {
    warnings.push(`a field value was cut (${cutValue.element_ref ?? cutValue.node_id}); page.snapshot with scope set to its ref and a larger value_chars reads it whole`);
  }
  for (const flag of ['include_html', 'include_dom', 'include_screenshot'] as const) {
    if (p[flag]) warnings.push(`${flag} is not supported by page.snapshot here; it was ignored`);
  }
  const head = { page_id: page.id, ...pageInfoCut(top.snap), rev };

  if (p.since_rev !== undefined) {
    if (base !== undefined && p.since_rev !== rev) {
      if (base.mode !== mode) warnings.push(`rev ${p.since_rev} was a ${base.mode} snapshot and this one is ${mode}; the diff shows that difference too`);
      const past = base.rebuild();
      const from = p.scope === undefined ? past : (scopeTo(past, [], p.scope)?.snapshot ?? emptyLike(past));
      const { diff } = diffSnapshots(from, out.snapshot, p.since_rev, top.snap.url);
      const pruned = pruneToDiff(out.snapshot, out.elements, diff);
      const text = limitText(diffText(diff), p.max_text_chars);
      return { ...head, ...pruned, text: text.text, diff, ...(truncated || text.cut ? { truncated: true } : {}) };
    }
    warnings.push(`rev ${p.since_rev} is not among this page's recent snapshots; answered with a full snapshot`);
  }

  // The default hides nothing: runs are written compactly (link lists, alike lines, tables in the
  // interactive view); only an explicit collapse: true folds runs of like-shaped rows away.
  const fold = p.collapse === false ? 'none' : p.collapse === true ? 'hide' : mode === 'full' ? 'alike' : 'table';
  const text =
    p.include_text === false
      ? { text: '', cut: false }
      : limitText(outlineText(out.snapshot.root, out.snapshot.nodes, { fold, base: top.snap.url, ...(p.boxes === true ? { boxes: true } : {}) }), p.max_text_chars);
  truncated ||= text.cut;
  return {
    ...head,
    snapshot: out.snapshot,
    elements: out.elements,
    text: text.text,
    ...(truncated ? { truncated: true } : {}),
    ...(p.since_rev !== undefined ? { diff: { since_rev: p.since_rev, base_found: false, added: [], removed: [], changed: [] } } : {}),
  };
}

/** A scope ref this session never issued for this page, or whose document is gone, is refused before any walk. */
function checkScope(session: Session, page: PageHandle, ref: string): void {
  const t = session.refs.resolve(ref);
  if (t === undefined) {
    if (session.refs.wasIssued(ref)) throw staleRef(session.id, page.id, ref, 'its document was replaced or its page closed');
    throw unknownRef(session.id, page.id, ref);
  }
  if (t.pageId !== page.id) {
    throw raise(ERRORS.wrong_page, `Scope ${ref} belongs to page ${t.pageId}, not ${page.id}.`, { session_id: session.id, page_id: t.pageId, element_ref: ref, scope: true }, { details: { element_ref: ref, page_id: t.pageId } });
  }
}

/**
 * The scope's element is not in this snapshot: gone from its document (stale), or still there but not
 * shown (hidden elements are never offered: the same cause an action on it gets). The repair is the
 * unscoped snapshot either way.
 */
async function scopeMissing(session: Session, page: PageHandle, ref: string, signal: AbortSignal): Promise<ProviderError> {
  const t = session.refs.resolve(ref);
  if (t === undefined) return staleRef(session.id, page.id, ref, 'its document was replaced');
  const probe = await call(page, t.frame, 'probe', [{ element_present: t.id }], signal).catch(() => undefined);
  const present = probe !== undefined && probe.ok && probe.doc === t.doc && probe.satisfied.element_present === true;
  if (!present) return staleRef(session.id, page.id, ref, 'it was removed from the page');
  return raise(ERRORS.not_visible, `Element ${ref} is on the page but not shown, so there is nothing to snapshot in it.`, { session_id: session.id, page_id: page.id, element_ref: ref, scoped: true }, { details: { element_ref: ref } });
}

/**
 * The snapshot an action returns when asked (`snapshot: "diff" | "full"`), taken after the action so
 * the agent needs one call per step. A diff is against the page's latest snapshot before the action;
 * after a navigation it would list the whole old page as removed, so the new page is given whole.
 * The action has happened by now: a snapshot that fails (the navigation the click caused replaced the
 * document mid-walk, the frame went away) is a warning and `snapshot_missing`, never the call's error,
 * which would tell the agent to act again. Only a deadline that ran out is left to the dispatcher.
 */
export async function afterAction(
  session: Session,
  page: PageHandle,
  want: 'none' | 'diff' | 'full' | undefined,
  navigated: boolean,
  warnings: string[],
  signal: AbortSignal,
): Promise<{ snapshot?: ResultOf<'page.snapshot'>; snapshot_missing?: SnapshotMissing }> {
  if (want === undefined || want === 'none') return {};
  const since = want === 'diff' && page.rev > 0 && !navigated ? { since_rev: page.rev } : {};
  try {
    return { snapshot: await snapshotPage(session, page, { session_id: session.id, ...since }, warnings, signal) };
  } catch (e) {
    if (signal.aborted) throw e;
    const err = toProviderError(e);
    const cause = typeof err.details.code === 'string' ? { cause: err.details.code } : {};
    warnings.push(`The action was done, but the snapshot after it failed (${err.code}${cause.cause !== undefined ? `/${cause.cause}` : ''}: ${err.message}); take one with page.snapshot.`);
    return { snapshot_missing: { code: err.code, ...cause, message: err.message } };
  }
}

type SnapshotMissing = NonNullable<ResultOf<'page.click'>['snapshot_missing']>;
