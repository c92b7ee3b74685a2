import type { ParamsOf, ResultOf } from '@browser-provider/protocol';
import type { FrameKey } from '../backend';
import type { PageHandle } from '../page';
import type { Session } from '../session';
import { assemble, type FrameCapture } from '../snapshot/assemble';
import { call, enterFrame, MAX_FRAME_DEPTH } from './frames';

export const DEFAULT_MAX_NODES = 5_000;

/** Captures a frame and, depth first, every iframe document it shows, within one node budget. */
async function captureFrame(
  session: Session,
  page: PageHandle,
  frame: FrameKey,
  budget: { nodes: number },
  mode: 'full' | 'interactive',
  depth: number,
  warnings: string[],
  signal: AbortSignal,
): Promise<FrameCapture> {
  const snap = await call(page, frame, 'snapshot', [{ maxNodes: Math.max(1, budget.nodes), mode }], signal);
  budget.nodes -= snap.nodes.length;
  const previous = page.docs.get(frame);
  if (previous !== undefined && previous !== snap.doc) session.refs.dropDocument(page.id, frame, previous);
  page.docs.set(frame, snap.doc);
  const capture: FrameCapture = { frame, snap, children: new Map() };
  for (let i = 0; i < snap.nodes.length; i++) {
    const node = snap.nodes[i];
    if (node?.frame !== true || node.id === undefined) continue;
    if (depth >= MAX_FRAME_DEPTH || budget.nodes <= 0) {
      snap.truncated = true;
      continue;
    }
    try {
      const child = await enterFrame(page, frame, snap.doc, node.id, signal);
      if (child !== null) capture.children.set(i, await captureFrame(session, page, child, budget, mode, depth + 1, warnings, signal));
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
  const budget = { nodes: p.max_nodes ?? DEFAULT_MAX_NODES };
  const top = await captureFrame(session, page, page.backend.mainFrame, budget, p.mode ?? 'full', 0, warnings, signal);
  const mint = (frame: FrameKey, doc: string, id: number) => session.refs.mint({ pageId: page.id, frame, doc, id });
  const out = assemble(top, mint);
  page.rev += 1;
  if (out.truncated) {
    warnings.push(`snapshot truncated at ${p.max_nodes ?? DEFAULT_MAX_NODES} nodes; pass a larger max_nodes to see more`);
  }
  for (const flag of ['include_html', 'include_dom', 'include_screenshot'] as const) {
    if (p[flag]) warnings.push(`${flag} is not supported by page.snapshot here; it was ignored`);
  }
  return {
    page_id: page.id,
    url: top.snap.url,
    title: top.snap.title,
    rev: page.rev,
    snapshot: out.snapshot,
    elements: out.elements,
    text: p.include_text === false ? '' : out.text,
    ...(out.truncated ? { truncated: true } : {}),
  };
}
