/**
 * Node side of the snapshot wire format (./wire.ts): what core calls on every `snapshot` op answer.
 * Kept out of wire.ts because it needs node:zlib, and wire.ts is also bundled into the page.
 */
import { inflateRawSync } from 'node:zlib';
import type { FrameSnapshot } from './contract';
import { decodeCompact, type CompactFrame, type FrameWire } from './wire';

/** The `snapshot` op's answer as RawNodes, in pre-order. Throws when the answer is malformed. */
export function decodeFrameSnapshot(wire: FrameWire): FrameSnapshot {
  if (typeof wire !== 'string') return decodeCompact(wire);
  let json: string;
  try {
    json = inflateRawSync(Buffer.from(wire, 'base64')).toString('utf8');
  } catch (e) {
    throw new Error(`malformed snapshot from the page script: ${(e as Error).message}`);
  }
  return decodeCompact(JSON.parse(json) as CompactFrame);
}
