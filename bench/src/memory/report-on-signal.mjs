// Preloaded into the server by `pnpm bench:memory` (node --import): on SIGUSR2 it appends where this
// process's memory goes (V8 heap by space, external and array buffers, resident mappings by kind) as
// a JSON line to the file in BP_MEMORY_REPORT, then (under --expose-gc) runs a full GC and appends a
// second line: what the server keeps, apart from garbage not yet collected. Not shipped: the server
// knows nothing of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

const out = process.env.BP_MEMORY_REPORT;
const mb = (n) => Math.round((n / 1048576) * 10) / 10;

/** Resident kB of each mapping kind from smaps: the node binary, other files, the malloc heap, other anonymous. */
function mappings() {
  const kinds = { node_binary: 0, other_files: 0, malloc_heap: 0, anonymous: 0, stack: 0 };
  let kind = 'anonymous';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1] ?? '';
      kind = name === '' ? 'anonymous' : name === '[heap]' ? 'malloc_heap' : name === '[stack]' ? 'stack' : name.startsWith('[') ? 'anonymous' : name === process.execPath || name.endsWith('/node') ? 'node_binary' : 'other_files';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] += Number(rss[1]);
  }
  return Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, Math.round(v / 102.4) / 10]));
}

if (out) {
  const report = (gc) => {
    const u = process.memoryUsage();
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, { size: mb(s.space_size), used: mb(s.space_used_size) }]));
    const h = getHeapStatistics();
    const r = { gc, rss: mb(u.rss), heap_total: mb(u.heapTotal), heap_used: mb(u.heapUsed), external: mb(u.external), array_buffers: mb(u.arrayBuffers), malloced: mb(h.malloced_memory), spaces, mappings: mappings() };
    writeFileSync(out, `${JSON.stringify(r)}\n`, { flag: 'a' });
  };
  process.on('SIGUSR2', () => {
    report(false);
    if (typeof globalThis.gc === 'function') {
      globalThis.gc();
      report(true);
    }
  });
}
