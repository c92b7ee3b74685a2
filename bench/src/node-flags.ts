/**
 * `pnpm bench:flags [--engine chromium] [--rounds 24] [--unfolded] [--bin <browser-provider.js>] -- "<flags>" "<flags>" …`:
 * the same server under different Node flags, side by side (issue 33). Each flag set (one quoted
 * argument; "" is Node's defaults) runs its own `serve` over stdio on the 1,000-row catalog; rounds
 * alternate the servers, each taking one full snapshot (and every fourth round a click with its diff),
 * so the machine's load falls on all alike. Prints per set the median snapshot time, the server's CPU
 * per snapshot (utime + stime from /proc, which load inflates less than wall time) and its RSS at the
 * end. `--bin` runs another checkout's bin for every set (as a file given to node, so its own flag line
 * is skipped); `--other <bin>` adds a side: that bin under Node's defaults.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStat } from '@browser-provider/core/host';
import { startBenchServer } from './fixtures';
import { FULL_BUDGET, refOf, TARGET_ROW } from './ours';
import { rssMb } from './procs';
import { median } from './stats';
import { PROVIDER_BIN, StdioProvider } from './stdio-client';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
const dash = argv.indexOf('--');
const sets = dash >= 0 ? argv.slice(dash + 1) : ['--optimize-for-size', ''];
const engine = opt('engine', 'chromium');
const rounds = Number(opt('rounds', '24'));
const bin = opt('bin', PROVIDER_BIN);
const unfolded = argv.includes('--unfolded') ? { collapse: false } : {};
/** `--other <bin>`: one more side, another checkout's bin run with Node's defaults (e.g. a commit from before the flags). */
const other = opt('other', '');

/** User plus system CPU time of a process so far, in ms (0 without /proc). */
const cpuMs = (pid: number) => readStat(pid)?.cpuMs ?? 0;

// StdioProvider runs an executable `bin` as is: one small sh file per flag set says which flags.
const dir = mkdtempSync(join(tmpdir(), 'bp-flags-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
const site = await startBenchServer();
const sides: Array<{ flags: string; p: StdioProvider; sid: string; button: string; wall: number[]; cpu: number }> = [];
try {
  const runs = sets.map((flags) => ({ flags, bin }));
  if (other !== '') runs.push({ flags: '', bin: other });
  for (const [i, { flags, bin: file0 }] of runs.entries()) {
    const file = join(dir, `serve-${i}.sh`);
    writeFileSync(file, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${flags} ${JSON.stringify(file0)} "$@"\n`);
    chmodSync(file, 0o755);
    const p = new StdioProvider(engine, [], [], file);
    sides.push({ flags: file0 === bin ? flags : `${file0}, no flags`, p, sid: '', button: '', wall: [], cpu: 0 });
    const sid = String((await p.call('session.ensure', {})).session_id);
    await p.call('page.open', { session_id: sid, url: site.catalogUrl(1000) });
    let snap: any;
    for (let w = 0; w < 3; w++) snap = await p.call('page.snapshot', { session_id: sid, ...FULL_BUDGET, ...unfolded });
    Object.assign(sides[i] as object, { sid, button: refOf(snap.elements, 'button', TARGET_ROW) });
  }
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < sides.length; k++) {
      const s = sides[(r + k) % sides.length] as (typeof sides)[number];
      const c0 = cpuMs(s.p.pid);
      const t0 = performance.now();
      await s.p.call('page.snapshot', { session_id: s.sid, ...FULL_BUDGET, ...unfolded });
      s.wall.push(performance.now() - t0);
      s.cpu += cpuMs(s.p.pid) - c0;
      if (r % 4 === 0) await s.p.call('page.click', { session_id: s.sid, element_ref: s.button, snapshot: 'diff' });
    }
  }
  console.log(`${engine}, 1,000-row catalog, ${rounds} rounds${argv.includes('--unfolded') ? ', collapse:false' : ''}`);
  console.log('| Node flags | full snapshot (median ms) | server CPU per snapshot (ms) | server RSS at the end (MB) |');
  console.log('|---|---|---|---|');
  for (const s of sides) console.log(`| ${s.flags === '' ? '(none)' : s.flags.includes(', no flags') ? s.flags : `\`${s.flags}\``} | ${median(s.wall).toFixed(1)} | ${(s.cpu / rounds).toFixed(1)} | ${rssMb(s.p.pid)?.toFixed(1) ?? '–'} |`);
} finally {
  for (const s of sides) await s.p.close().catch(() => undefined);
  await site.close();
}
