import type { ClickButton, MediaOverrides, PageSnapshotV1 } from '@browser-provider/protocol';
import type { BackendPage, FrameKey, ViewportPoint } from '../backend';

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

/**
 * A snapshot kept for `since_rev` diffs. It is kept in a compact form (what the page sent, and the refs
 * it was given) and rebuilt only when a diff asks: a 1,000-row page's snapshot is tens of thousands of
 * objects, which the garbage collector would otherwise copy and promote after every snapshot.
 */
export interface PastSnapshot {
  mode: 'full' | 'interactive';
  maxNodes: number;
  /** The snapshot as it was answered: the same node ids and element refs. */
  rebuild(): PageSnapshotV1;
}

/** A page (tab) owned by one session. Disposed pages remember why. */
export class PageHandle {
  readonly frames = new Map<FrameKey, FrameLink>();
  /** Document last seen per frame: when it changes, the refs of the old one are dropped. */
  readonly docs = new Map<FrameKey, string>();
  rev = 0;
  closedReason: string | undefined;
  /** Recent snapshots by rev, oldest first, for diffs (with the mode they were taken in). */
  readonly history = new Map<number, PastSnapshot>();
  /** The url and title the page last answered, for listing it in tab.list while it does not answer. */
  lastKnown: { url: string; title: string } | undefined;
  /** `page.emulate_media`'s overrides now in force: a call changes only the features it names. */
  mediaOverrides: MediaOverrides = {};
  /** What `page.mouse` left here: where it put the pointer, and the buttons it holds pressed (ops/mouse.ts). */
  readonly mouse: { point?: ViewportPoint; held: Set<ClickButton> } = { held: new Set() };

  constructor(
    readonly id: string,
    readonly backend: BackendPage,
  ) {}

  remember(rev: number, past: PastSnapshot): void {
    this.history.set(rev, past);
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
