import type { FrameKey } from './backend';

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
  readonly #byKey = new Map<string, string>();
  readonly #byRef = new Map<string, RefTarget>();

  mint(t: RefTarget): string {
    const key = `${t.pageId}\u0000${t.frame}\u0000${t.doc}\u0000${t.id}`;
    let ref = this.#byKey.get(key);
    if (ref === undefined) {
      ref = `e${this.#next++}`;
      this.#byKey.set(key, ref);
      this.#byRef.set(ref, t);
    }
    return ref;
  }

  resolve(ref: string): RefTarget | undefined {
    return this.#byRef.get(ref);
  }

  /** Forget the refs of a document that is gone; its refs stay unissuable (the counter never goes back). */
  dropDocument(pageId: string, frame: FrameKey, doc: string): void {
    for (const [ref, t] of this.#byRef) {
      if (t.pageId === pageId && t.frame === frame && t.doc === doc) {
        this.#byRef.delete(ref);
        this.#byKey.delete(`${t.pageId}\u0000${t.frame}\u0000${t.doc}\u0000${t.id}`);
      }
    }
  }

  dropPage(pageId: string): void {
    for (const [ref, t] of this.#byRef) {
      if (t.pageId === pageId) {
        this.#byRef.delete(ref);
        this.#byKey.delete(`${t.pageId}\u0000${t.frame}\u0000${t.doc}\u0000${t.id}`);
      }
    }
  }

  /** Whether `ref` looks like one this registry could have issued (and so is stale rather than unknown). */
  wasIssued(ref: string): boolean {
    const m = /^e(\d+)$/.exec(ref);
    return m !== null && Number(m[1]) < this.#next;
  }
}
