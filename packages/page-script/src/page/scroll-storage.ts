/** Ops behind `page.scroll`, `storage.get` and `storage.set`: plain DOM, the same on every engine. */
import type { FileInputResult, ScrollRequest, ScrollResult, StorageResult, StorageWrite } from '../contract';
import { resolve } from './registry';
import { thrownText } from '../thrown';

const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

export function scroll(doc: string | null, id: number | null, s: ScrollRequest): ScrollResult {
  const dx = finite(s?.dx);
  const dy = finite(s?.dy);
  if (id === null || id === undefined) {
    // `instant`: a smooth scroll (CSS scroll-behavior) would answer before it moved.
    window.scrollBy({ left: dx, top: dy, behavior: 'instant' as ScrollBehavior });
    return { ok: true, scrollX: window.scrollX, scrollY: window.scrollY };
  }
  const el = resolve(doc, id);
  if (!el) return { ok: false, code: 'stale_ref', message: 'the element is no longer in the document' };
  if (s?.intoView) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' as ScrollBehavior });
    return { ok: true, scrollX: window.scrollX, scrollY: window.scrollY };
  }
  el.scrollBy({ left: dx, top: dy, behavior: 'instant' as ScrollBehavior });
  return { ok: true, scrollX: el.scrollLeft, scrollY: el.scrollTop };
}

/** The document's storage, or why there is none: reading the property throws on opaque origins (data:, sandboxed frames) and when blocked. */
function storeOf(kind: 'local' | 'session'): Storage | string {
  try {
    return kind === 'session' ? sessionStorage : localStorage;
  } catch (e) {
    return thrownText(e);
  }
}

export function storageWrite(kind: 'local' | 'session', w: StorageWrite): StorageResult {
  const store = storeOf(kind);
  if (typeof store === 'string') return { ok: false, origin: location.origin, message: store };
  try {
    if (w.clear) store.clear();
    for (const k of w.remove) store.removeItem(k);
    for (const [k, v] of Object.entries(w.set)) store.setItem(k, v);
  } catch (e) {
    // A full quota: what was written before stays, and the answer says what the store holds.
    return { ok: false, origin: location.origin, message: thrownText(e) };
  }
  return storage(kind, null);
}

export function storage(kind: 'local' | 'session', keys: string[] | null): StorageResult {
  const origin = location.origin;
  const store = storeOf(kind);
  if (typeof store === 'string') return { ok: false, origin, message: store };
  const entries: Record<string, string> = {};
  const wanted = Array.isArray(keys) ? keys.filter((k) => typeof k === 'string') : null;
  if (wanted) {
    for (const k of wanted) {
      const v = store.getItem(k);
      if (v !== null) entries[k] = v;
    }
  } else {
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k !== null) entries[k] = store.getItem(k) ?? '';
    }
  }
  return { ok: true, origin, entries };
}

/** Checked before `upload.set_files` hands paths to the driver: typing a path into a text box is not an upload. */
export function fileInput(doc: string, id: number): FileInputResult {
  const el = resolve(doc, id);
  if (!el) return { ok: false, code: 'stale_ref', message: 'the element is no longer in the document' };
  if (!(el instanceof HTMLInputElement) || el.type !== 'file') {
    return { ok: false, code: 'not_file_input', message: `it is a <${el.localName}${el instanceof HTMLInputElement ? ` type=${el.type}` : ''}>, not an <input type=file>` };
  }
  if (el.disabled) return { ok: false, code: 'disabled', message: 'the file input is disabled' };
  return { ok: true, multiple: el.multiple };
}
