/**
 * One side of `pnpm bench:server` (./server-share.ts): bundled with a checkout's own snapshot code
 * (decode, assemble, outline, the JSON line) and run under the server's Node flags as
 * `node <bundle> <answer file> <snapshots> <time|alloc>`, it does what a `page.snapshot` does in the
 * server with one frame's answer, over and over, and prints one JSON line. Bundled, not run through
 * tsx: the loader's own heap would make every full GC dearer than the server's.
 * - `time`: CPU, wall time and GC per snapshot after 10 untimed ones.
 * - `alloc` (run with --expose-gc and a young generation large enough that no GC runs mid-stage):
 *   the heap each stage allocates, from V8's used-heap count before and after it.
 */
import { readFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

/** The checkout's own functions, imported by the entry ./server-share.ts bundles for each side. */
export interface SnapshotCode {
  decodeFrameSnapshot(wire: unknown): { title: string };
  assemble(top: unknown, mint: (frame: string, doc: string, id: number) => string): { snapshot: { root: unknown; nodes: unknown[] }; elements: unknown[] };
  outlineText(root: unknown, nodes: unknown[], opts: { fold: string; base: string }): string;
  limitText(text: string, max: undefined): { text: string };
  jsonLine(value: unknown): Buffer;
  RefRegistry: new () => { mint(t: { pageId: string; frame: string; doc: string; id: number }): string; mintIn?: (pageId: string, frame: string, doc: string, id: number) => string };
}

export async function run(code: SnapshotCode): Promise<void> {
  const [file, count, what] = process.argv.slice(2) as [string, string, 'time' | 'alloc'];
  const { decodeFrameSnapshot, assemble, outlineText, limitText, jsonLine, RefRegistry } = code;
  const { url, wire, fold } = JSON.parse(readFileSync(file, 'utf8')) as { url: string; wire: unknown; fold: string };
  const refs = new RefRegistry();
  // What ops/snapshot.ts hands assemble: a mint that records each ref (older checkouts only have `mint`).
  const mintIn = refs.mintIn?.bind(refs);
  const mintOne = mintIn !== undefined ? (f: string, d: string, id: number) => mintIn('p1', f, d, id) : (f: string, d: string, id: number) => refs.mint({ pageId: 'p1', frame: f, doc: d, id });
  const used = () => process.memoryUsage().heapUsed;
  const alloc: Record<string, number> = { decode: 0, assemble: 0, outline: 0, 'JSON line': 0 };
  const stage = <T>(name: string, measure: boolean, f: () => T): T => {
    if (!measure) return f();
    const before = used();
    const out = f();
    alloc[name] = (alloc[name] ?? 0) + used() - before;
    return out;
  };

  function snapshot(i: number, measure: boolean): number {
    const snap = stage('decode', measure, () => decodeFrameSnapshot(wire));
    const minted: string[] = [];
    const whole = stage('assemble', measure, () =>
      assemble({ frame: 'main', snap, children: new Map() }, (f: string, d: string, id: number) => {
        const ref = mintOne(f, d, id);
        minted.push(ref);
        return ref;
      }),
    );
    const text = stage('outline', measure, () => limitText(outlineText(whole.snapshot.root, whole.snapshot.nodes, { fold, base: url }), undefined));
    const answer = { page_id: 'p1', url, title: snap.title, rev: i, snapshot: whole.snapshot, elements: whole.elements, text: text.text };
    return stage('JSON line', measure, () => jsonLine({ jsonrpc: '2.0', id: i, result: answer })).length;
  }

  const n = Number(count);
  for (let i = 0; i < 10; i++) snapshot(i, false);
  if (what === 'alloc') {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc === undefined) throw new Error('alloc needs --expose-gc');
    for (let i = 0; i < n; i++) {
      gc();
      snapshot(i, true);
    }
    for (const k of Object.keys(alloc)) alloc[k] = (alloc[k] as number) / n / 1e6;
    console.log(JSON.stringify({ alloc }));
  } else {
    let scavenges = 0;
    let majors = 0;
    let gcMs = 0;
    const obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++;
        else majors++;
        gcMs += e.duration;
      }
    });
    obs.observe({ entryTypes: ['gc'] });
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let bytes = 0;
    for (let i = 0; i < n; i++) bytes = snapshot(i, false);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    // GC entries arrive on a later tick.
    await new Promise((r) => setTimeout(r, 50));
    obs.disconnect();
    console.log(JSON.stringify({ wall: wall / n, cpu: (cpu.user + cpu.system) / 1000 / n, gcMs: gcMs / n, scavenges: scavenges / n, majors: majors / n, bytes, rss: process.memoryUsage().rss / 1e6 }));
  }
}
