import type { PageSnapshotV1 } from '@browser-provider/protocol';
import type { BackendPage, FrameKey } from './backend';

/** How many past snapshots a page keeps for `since_rev`. */
const HISTORY = 4;

/** How a child frame was reached, so points and refs inside it can be mapped to the top-level page. */
export interface FrameLink {
  parent: FrameKey;
  /** The document of the parent when the link was seen. */
  parentDoc: string;
  /** The page-script id of the <iframe> element in the parent document. */
  iframeId: number;
}

/** A page (tab) owned by one session. Disposed pages remember why. */
export class PageHandle {
  readonly frames = new Map<FrameKey, FrameLink>();
  /** Document last seen per frame: when it changes, the refs of the old one are dropped. */
  readonly docs = new Map<FrameKey, string>();
  rev = 0;
  closedReason: string | undefined;
  /** Recent snapshots by rev, oldest first, for diffs (with the mode they were taken in). */
  readonly history = new Map<number, { snapshot: PageSnapshotV1; mode: 'full' | 'interactive'; maxNodes: number }>();

  constructor(
    readonly id: string,
    readonly backend: BackendPage,
  ) {}

  remember(rev: number, snapshot: PageSnapshotV1, mode: 'full' | 'interactive', maxNodes: number): void {
    this.history.set(rev, { snapshot, mode, maxNodes });
    while (this.history.size > HISTORY) this.history.delete(this.history.keys().next().value as number);
  }

  /** The chain of links from `frame` up to the top-level frame (nearest first). */
  ancestry(frame: FrameKey): FrameLink[] {
    const chain: FrameLink[] = [];
    for (let f = frame; f !== this.backend.mainFrame; ) {
      const link = this.frames.get(f);
      if (link === undefined) break;
      chain.push(link);
      f = link.parent;
      if (chain.length > 32) break;
    }
    return chain;
  }
}
