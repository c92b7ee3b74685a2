import type { FrameKey } from '../backend';

/** Where a ref points: one element of one document of one frame of one page. */
export interface RefTarget {
  pageId: string;
  frame: FrameKey;
  doc: string;
  id: number;
}

/**
 * Session-wide element refs. The same element (same page, frame, document and page-script id) always
 * gets the same ref, and a ref is never issued twice — not for another element, not after navigation —
 * because refs come from one counter that only goes up.
 */
export class RefRegistry {
  #next = 1;
  /** Per document (page, frame, doc): page-script id → ref. A snapshot mints thousands in one document. */
  readonly #byDoc = new Map<string, { pageId: string; ids: Map<number, string> }>();
  readonly #byRef = new Map<string, RefTarget>();
  /** The document minted in last, so a snapshot's run of mints skips building the key each time. */
  #last: { pageId: string; frame: FrameKey; doc: string; ids: Map<number, string> } | undefined;

  mint(t: RefTarget): string {
    return this.mintIn(t.pageId, t.frame, t.doc, t.id);
  }

  /** `mint` without a target object: a snapshot mints thousands, most of them already issued. */
  mintIn(pageId: string, frame: FrameKey, doc: string, id: number): string {
    const ids = this.#idsOf(pageId, frame, doc);
    let ref = ids.get(id);
    if (ref === undefined) {
      ref = `e${this.#next++}`;
      ids.set(id, ref);
      this.#byRef.set(ref, { pageId, frame, doc, id });
    }
    return ref;
  }

  #idsOf(pageId: string, frame: FrameKey, doc: string): Map<number, string> {
    const last = this.#last;
    if (last !== undefined && last.pageId === pageId && last.frame === frame && last.doc === doc) return last.ids;
    const key = docKey(pageId, frame, doc);
    let entry = this.#byDoc.get(key);
    if (entry === undefined) {
      entry = { pageId, ids: new Map() };
      this.#byDoc.set(key, entry);
    }
    this.#last = { pageId, frame, doc, ids: entry.ids };
    return entry.ids;
  }

  /** The ref already issued for this element, without minting one. */
  peek(t: RefTarget): string | undefined {
    return this.#byDoc.get(docKey(t.pageId, t.frame, t.doc))?.ids.get(t.id);
  }

  resolve(ref: string): RefTarget | undefined {
    return this.#byRef.get(ref);
  }

  /** Forget the refs of a document that is gone; its refs stay unissuable (the counter never goes back). */
  dropDocument(pageId: string, frame: FrameKey, doc: string): void {
    const key = docKey(pageId, frame, doc);
    const entry = this.#byDoc.get(key);
    if (entry !== undefined) this.#drop(key, entry.ids);
  }

  dropPage(pageId: string): void {
    for (const [key, entry] of this.#byDoc) if (entry.pageId === pageId) this.#drop(key, entry.ids);
  }

  #drop(key: string, ids: Map<number, string>): void {
    for (const ref of ids.values()) this.#byRef.delete(ref);
    this.#byDoc.delete(key);
    if (this.#last?.ids === ids) this.#last = undefined;
  }

  /** Whether `ref` looks like one this registry could have issued (and so is stale rather than unknown). */
  wasIssued(ref: string): boolean {
    const m = /^e(\d+)$/.exec(ref);
    return m !== null && Number(m[1]) < this.#next;
  }
}

function docKey(pageId: string, frame: FrameKey, doc: string): string {
  return `${pageId}\u0000${frame}\u0000${doc}`;
}
