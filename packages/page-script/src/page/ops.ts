/**
 * The op table. Every op validates its own arguments (they arrive as untrusted JSON) and answers a
 * classified result instead of throwing; OP_CALLER still catches anything unexpected.
 */
import type { ActionKind, PageMetrics, PageScriptOps } from '../contract';
import { DOC, elementById } from './registry';
import { snapshot } from './snapshot';
import { probe, query } from './query';
import { clickReport, disarm, frameOrigin, guardedGesture, hit, prepare, pressReport, rect } from './actions';
import { nextFrame } from './checks';
import { dragPlace, dragReport, dropPoint } from './drag';
import { focus, select, value } from './forms';
import { fill } from './fill';
import { fileInput, scroll, storage, storageWrite } from './scroll-storage';
import { drop, hideHighlight, highlight } from './devtools';
import { pointAt } from './point';
import { scrollingFor } from './scrolling';

const KINDS = new Set<ActionKind>(['click', 'hover', 'type', 'select', 'drag']);

function metrics(): PageMetrics {
  const root = document.documentElement;
  const body = document.body;
  return {
    viewportWidth: innerWidth,
    viewportHeight: innerHeight,
    scrollX,
    scrollY,
    documentWidth: Math.max(root?.scrollWidth ?? 0, body?.scrollWidth ?? 0, innerWidth),
    documentHeight: Math.max(root?.scrollHeight ?? 0, body?.scrollHeight ?? 0, innerHeight),
    devicePixelRatio,
  };
}

/**
 * The metrics once the page has seen a size change: `resize` is dispatched in the rendering step
 * after the viewport changed, before that frame's animation callbacks, so the page's own handlers
 * have run once the frame after next comes (or 100 ms twice, where frames are throttled).
 */
async function settledMetrics(): Promise<PageMetrics> {
  await nextFrame();
  await nextFrame();
  return metrics();
}

export const ops: PageScriptOps = {
  doc: () => DOC,
  // A frame in mid-scroll answers how long until it is still, not a snapshot (./scrolling.ts).
  snapshot: (opts) => {
    const wait = opts?.midScroll === true ? 0 : scrollingFor();
    return wait > 0 ? Promise.resolve({ scrolling: wait }) : snapshot(opts);
  },
  query,
  alive: (doc, id) => doc === DOC && elementById(id) !== null,
  // An unknown kind (a caller bug) gets the click checks rather than an exception.
  prepare: (doc, id, kind, gesture) => prepare(doc, id, KINDS.has(kind) ? kind : 'click', guardedGesture(gesture)),
  hit,
  clickReport,
  disarm,
  dropPoint,
  dragReport: (doc, destId, point) => dragReport(doc, destId, point, pressReport()),
  dragPlace,
  focus,
  fill,
  value,
  select,
  probe,
  rect,
  frameOrigin,
  metrics,
  settledMetrics,
  scroll,
  storage,
  storageWrite,
  fileInput,
  highlight,
  hideHighlight,
  drop,
  pointAt,
};
