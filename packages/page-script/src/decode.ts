/**
 * Node side of the snapshot wire format (./wire.ts): what core calls on every `snapshot` op answer.
 * Kept out of wire.ts because it needs node:zlib, and wire.ts is also bundled into the page.
 */
import { inflateRawSync } from 'node:zlib';
import type { FrameSnapshot, StillScrolling } from './contract';
import { decodeCompact, type CompactFrame, type FrameWire } from './wire';

/** The `snapshot` op's answer as RawNodes, in pre-order. Throws when the answer is malformed. */
export function decodeFrameSnapshot(wire: FrameWire | StillScrolling): FrameSnapshot {
  if (isStillScrolling(wire)) throw new Error(`the frame was still scrolling (ready in ${wire.scrolling} ms): no snapshot to decode`);
  if (typeof wire !== 'string') return decodeCompact(wire);
  let json: string;
  try {
    json = inflateRawSync(Buffer.from(wire, 'base64')).toString('utf8');
  } catch (e) {
    throw new Error(`malformed snapshot from the page script: ${(e as Error).message}`);
  }
  const frame = JSON.parse(json) as CompactFrame;
  keepFrameShape(frame);
  return decodeCompact(frame);
}

/** Each key order of a parsed frame seen so far, kept with an exemplar of it (./wire.ts says why). */
const FRAME_SHAPES = new Map<string, unknown>();

/**
 * Keeps a small object with the frame's keys, in its order and parsed the same way, so V8 keeps the
 * hidden class JSON.parse gave the frame; its columns are left empty, so nothing of the page is kept.
 */
function keepFrameShape(frame: CompactFrame): void {
  if (frame === null || typeof frame !== 'object') return;
  const keys = Object.keys(frame);
  const key = keys.join();
  if (FRAME_SHAPES.has(key) || FRAME_SHAPES.size >= 16) return;
  const small: Record<string, unknown> = {};
  for (const k of keys) {
    const v = (frame as unknown as Record<string, unknown>)[k];
    small[k] = Array.isArray(v) ? [] : typeof v === 'string' ? '' : v;
  }
  FRAME_SHAPES.set(key, JSON.parse(JSON.stringify(small)));
}

/** Whether the snapshot op answered that its frame is still scrolling (page/scrolling.ts), not a snapshot. */
export function isStillScrolling(answer: FrameWire | StillScrolling): answer is StillScrolling {
  return typeof answer === 'object' && answer !== null && typeof (answer as Partial<StillScrolling>).scrolling === 'number';
}
