/**
 * `pointAt`, behind `page.mouse`: whether a point lies in the top-level viewport, and what element
 * is there, for an agent acting by coordinates to learn what it hit. The viewport and the hit test
 * come from realm.ts's pristine functions; where those cannot be trusted (classic WebDriver on a page
 * that broke them) nothing is answered, and the WebDriver's own bounds check is all that remains.
 */
import type { FramePoint, PointReport } from '../contract';
import { deepElementFromPoint, describe } from './hit';
import { DOC, idFor } from './registry';
import { P, untrusted } from './realm';

/** How many ancestors core may look through for one that has a ref: past that the answer is unhelpful anyway. */
const MAX_CHAIN = 32;

export function pointAt(point: unknown): PointReport {
  const why = untrusted();
  if (why !== null) return { ok: false, why };
  const vp = P.viewport();
  const given = point as Partial<FramePoint> | null;
  // No point: the viewport's centre (a wheel turn before the pointer was put anywhere).
  const p = given === null ? { x: Math.floor(vp.width / 2), y: Math.floor(vp.height / 2) } : given;
  if (typeof p.x !== 'number' || typeof p.y !== 'number') return { ok: true, doc: DOC, viewport: vp, point: { x: 0, y: 0 }, inside: false, hit: null };
  const at = { x: p.x, y: p.y };
  const inside = p.x >= 0 && p.y >= 0 && p.x < vp.width && p.y < vp.height;
  const el = inside ? deepElementFromPoint(p.x, p.y) : null;
  if (!el) return { ok: true, doc: DOC, viewport: vp, point: at, inside, hit: null };
  // The element and its flat-tree ancestors, nearest first: core names the first the session has a ref for.
  const chain: number[] = [];
  for (let n: Element | null = el; n && chain.length < MAX_CHAIN; n = P.parent(n)) chain.push(idFor(n));
  return { ok: true, doc: DOC, viewport: vp, point: at, inside, hit: { tag: P.localName(el), description: describe(el), chain } };
}
