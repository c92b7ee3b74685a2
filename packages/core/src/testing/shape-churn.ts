/**
 * Run by ../toolkit/shapes.test.ts as `node --import tsx --optimize-for-size --expose-gc --trace-deopt
 * shape-churn.ts <rounds>`: what the server does with a 1,000-row snapshot (decode the page's deflated
 * answer, assemble, outline, write the JSON line), with a full GC between rounds as the server's tight
 * old space runs one about every snapshot. Each round is a call of its own, so that at the GC nothing
 * of it is reachable, as between two calls of the server: with the round's work written in the loop,
 * the last snapshot stayed reachable from the loop's frame and the trace missed discards. V8's trace on
 * stdout says which optimized functions each GC threw away ("weak objects"). `churnControl` reads
 * instances of a class nobody keeps, so the trace of a run where the mechanism works always names it.
 */
import { deflateRawSync } from 'node:zlib';
import { decodeFrameSnapshot, encodeFrame, type FrameSnapshot, type RawNode } from '@browser-provider/page-script';
import { assemble } from '../snapshot/assemble';
import { outlineText } from '../snapshot/outline';
import { jsonLine } from '../transport/json-line';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

/** States of three key sets: assemble keeps the first only, so the others' shapes are page-script's to keep. */
const STATES = [{ checked: true }, { checked: true, required: true }, { expanded: false }];

function catalog(rows: number): FrameSnapshot {
  const nodes: RawNode[] = [{ id: 1, role: 'document', name: 'Catalog', actionable: false, enabled: true, children: [1] }];
  const main: RawNode = { id: 2, role: 'main', name: '', actionable: false, enabled: true, children: [] };
  nodes.push(main);
  let id = 3;
  const add = (n: Omit<RawNode, 'children' | 'id'>) => {
    main.children.push(nodes.length);
    nodes.push({ id: id++, ...n, children: [] });
  };
  for (let r = 0; r < rows; r++) {
    add({ role: 'link', name: `Item ${r}`, actionable: true, enabled: true, href: `https://shop.test/item/${r}`, selector_hint: `#row-${r}>a` });
    add({ role: 'text', name: '', text: `In stock, ships in ${r % 7} days`, actionable: false, enabled: true });
    add({ role: 'button', name: 'Add to cart', actionable: true, enabled: true, selector_hint: `#row-${r}>button` });
    add({ role: 'checkbox', name: 'Compare', actionable: true, enabled: true, states: STATES[r % 3], selector_hint: `#row-${r}>input` });
  }
  return { doc: 'd1', url: 'https://shop.test/', title: 'Catalog', nodes, truncated: false };
}

/** Instances of this class are never kept: a GC frees its hidden class, and with it this function's code. */
class Throwaway {
  count = 0;
  label = '';
}
function churnControl(t: Throwaway): number {
  return t.count + t.label.length;
}

const rounds = Number(process.argv[2] ?? 20);
const wire = deflateRawSync(JSON.stringify(encodeFrame(catalog(1000), 'https://shop.test'))).toString('base64');
let sink = 0;
/** One snapshot's work: once it returns, nothing of that snapshot is reachable. */
function round(i: number): void {
  const snap = decodeFrameSnapshot(wire);
  let ref = 0;
  const whole = assemble({ frame: 'main', snap, children: new Map() }, () => `e${++ref}`);
  const text = outlineText(whole.snapshot.root, whole.snapshot.nodes, { fold: 'alike', base: snap.url });
  sink += jsonLine({ jsonrpc: '2.0', id: i, result: { snapshot: whole.snapshot, elements: whole.elements, text } }).length;
  for (let k = 0; k < 20_000; k++) sink += churnControl(Object.assign(new Throwaway(), { count: k }));
}
for (let i = 0; i < rounds; i++) {
  round(i);
  gc();
}
console.log(`done ${sink > 0}`);
