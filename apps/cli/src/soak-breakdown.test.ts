import { describe, expect, it } from 'vitest';
import { summarize } from '../scripts/soak-breakdown';

const MB = 1048576;
const entry = (process: string, path: string, mb: number, kind = 1) => ({ process, path, kind, units: 0, amount: mb * MB });

describe('summarize (a Firefox memory report)', () => {
  it("sums the parent's figures and the other processes' explicit memory by area, heap-unclassified derived per process", () => {
    const r = summarize([
      entry('Main Process (pid 1)', 'explicit/js-non-window/zones', 10),
      entry('Main Process (pid 1)', 'explicit/window-objects/top(x)/detached/window(y)', 4),
      entry('Main Process (pid 1)', 'heap-allocated', 30, 2),
      entry('Main Process (pid 1)', 'resident-unique', 50, 2),
      entry('web (pid 2)', 'explicit/js-non-window/zones', 6),
      entry('web (pid 2)', 'explicit/images/content', 3, 0),
      entry('web (pid 2)', 'heap-allocated', 10, 2),
      entry('web (pid 3)', 'explicit/window-objects/top(a)/active/window(b)', 2),
      entry('web (pid 3)', 'heap-allocated', 2, 2),
      // Not bytes, or not explicit: left out.
      { process: 'web (pid 3)', path: 'explicit/count', kind: 1, units: 1, amount: 99 },
    ]);
    expect(r.explicit).toBeCloseTo(30); // 14 named + 16 unclassified
    expect(r.heapUnclassified).toBeCloseTo(16);
    expect(r.detachedWindows).toBeCloseTo(4);
    expect(r.residentUnique).toBeCloseTo(50);
    expect(r.childrenByArea['explicit/js-non-window']).toBeCloseTo(6);
    expect(r.childrenByArea['explicit/images']).toBeCloseTo(3);
    expect(r.childrenByArea['explicit/window-objects']).toBeCloseTo(2);
    expect(r.childrenByArea['explicit/heap-unclassified']).toBeCloseTo(4); // pid 2: 10 − 6; pid 3: 2 − 2
    expect(r.childrenExplicit).toBeCloseTo(15);
  });
});
