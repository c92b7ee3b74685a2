/**
 * Ops behind `page.highlight`, `page.hide_highlight` and `page.drop`: what the provider draws or
 * dispatches in the page itself, because no engine here does it for us. Plain DOM, the same on every
 * engine; nothing here decides whether we act (core's checks ran before `drop`).
 */
import type { DropPayload, DropResult, FramePoint } from '../contract';
import { resolve } from './registry';

/** Each outlined element and the overlay host that draws its outline. */
const outlines = new Map<Element, HTMLElement>();
let tracking = false;

/** Keeps every outline over its element (scrolling, layout changes) while there is one. */
function track(): void {
  if (tracking) return;
  tracking = true;
  const step = () => {
    for (const [el, host] of outlines) {
      if (!el.isConnected || !host.isConnected) {
        host.remove();
        outlines.delete(el);
        continue;
      }
      const r = el.getBoundingClientRect();
      const box = host.style;
      box.left = `${r.left}px`;
      box.top = `${r.top}px`;
      box.width = `${r.width}px`;
      box.height = `${r.height}px`;
    }
    if (outlines.size > 0) requestAnimationFrame(step);
    else tracking = false;
  };
  requestAnimationFrame(step);
}

export function highlight(doc: string, id: number, style: string | null): boolean {
  const el = resolve(doc, id);
  if (!el) return false;
  outlines.get(el)?.remove();
  // A fixed box that takes no pointer events, so hit-tests and clicks go through it; its look lives in
  // a closed shadow root where the page's CSS does not reach.
  const host = document.createElement('div');
  host.style.cssText = 'position:fixed;pointer-events:none;z-index:2147483647;margin:0;padding:0;border:0;left:0;top:0;width:0;height:0';
  const inner = document.createElement('div');
  inner.style.cssText = `box-sizing:border-box;width:100%;height:100%;outline:2px solid #f0f;outline-offset:-1px;background:rgba(255,0,255,0.12);${typeof style === 'string' ? style : ''}`;
  // Set after the client's style, as the last and important declaration of each box: no style given
  // (pointer-events:auto !important) and no page rule (the host is in the page's light DOM) makes
  // the outline take the clicks meant for what it outlines.
  inner.style.setProperty('pointer-events', 'none', 'important');
  host.style.setProperty('pointer-events', 'none', 'important');
  host.attachShadow({ mode: 'closed' }).append(inner);
  (document.body ?? document.documentElement).append(host);
  outlines.set(el, host);
  const r = el.getBoundingClientRect();
  Object.assign(host.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
  track();
  return true;
}

/** Removes the outline of element `id`, or every outline (`id` null); answers how many went. */
export function hideHighlight(doc: string | null, id: number | null): number {
  if (id === null) {
    const n = outlines.size;
    for (const host of outlines.values()) host.remove();
    outlines.clear();
    return n;
  }
  const el = resolve(doc, id);
  const host = el ? outlines.get(el) : undefined;
  if (!el || !host) return 0;
  host.remove();
  outlines.delete(el);
  return 1;
}

function bytesOf(base64: string): Uint8Array {
  const bin = atob(base64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Drags `payload` in from outside the page onto element `id`: dragenter and dragover at its centre,
 * then drop when the page cancelled dragover (it accepts the drop), else dragleave — what a browser
 * sends for a drag from the desktop. The events are ours (isTrusted false).
 */
export function drop(doc: string, id: number, payload: DropPayload): DropResult {
  const el = resolve(doc, id);
  if (!el) return { ok: false, code: 'stale_ref', message: 'the element is no longer in the document' };
  const dt = new DataTransfer();
  for (const [type, value] of Object.entries(payload?.data ?? {})) dt.setData(type, String(value));
  for (const f of payload?.files ?? []) dt.items.add(new File([bytesOf(f.base64) as BlobPart], f.name, { type: f.type }));
  const r = el.getBoundingClientRect();
  const at: FramePoint = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  const fire = (type: string) => el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, composed: true, clientX: at.x, clientY: at.y, dataTransfer: dt }));
  fire('dragenter');
  // dispatchEvent answers false when a listener called preventDefault: the element takes the drop.
  const accepted = !fire('dragover');
  fire(accepted ? 'drop' : 'dragleave');
  return { ok: true, dropped: accepted, types: [...dt.types], files: dt.files.length };
}
