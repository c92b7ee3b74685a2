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
  return decodeCompact(JSON.parse(json) as CompactFrame);
}

/** Whether the snapshot op answered that its frame is still scrolling (page/scrolling.ts), not a snapshot. */
export function isStillScrolling(answer: FrameWire | StillScrolling): answer is StillScrolling {
  return typeof answer === 'object' && answer !== null && typeof (answer as Partial<StillScrolling>).scrolling === 'number';
}
