import { ratio } from './stats';
import type { Engine, FloorEngine, OurEngine, OurPage, PeerResult } from './types';

/** The targets, judged on the 1,000-row page. Missing inputs make a target "not measured". */

export interface TargetResult {
  target: string;
  measured: string;
  met: boolean | undefined;
}

export const TARGET_ROWS = 1_000;
const fmt = (n: number | undefined, digits = 0) => (n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(digits));
const x = (r: number | undefined) => (r === undefined ? '–' : `${r.toFixed(2)}×`);

export function pageOf<T extends { rows: number }>(pages: readonly T[] | undefined, rows = TARGET_ROWS): T | undefined {
  return pages?.find((p) => p.rows === rows);
}

export function judge(ours: OurEngine[], floors: FloorEngine[], peers: PeerResult[]): TargetResult[] {
  const our = (e: Engine): OurPage | undefined => pageOf(ours.find((o) => o.engine === e && !o.error)?.pages);
  const peer = (n: PeerResult['peer']) => pageOf(peers.find((p) => p.peer === n)?.pages);
  const floor = (e: Engine) => pageOf(floors.find((f) => f.engine === e)?.pages);
  const pw = peer('playwright-chromium');
  const chrome = our('chrome');
  const out: TargetResult[] = [];
  const add = (target: string, value: number | undefined, limit: number, measured: string) =>
    out.push({ target, measured, met: value === undefined ? undefined : value <= limit });

  const r1 = ratio(chrome?.fullMs, pw?.snapshotMs);
  add('Chromium full snapshot ≤ 0.2× Playwright ariaSnapshot({mode:"ai"})', r1, 0.2, `${fmt(chrome?.fullMs)} ms vs ${fmt(pw?.snapshotMs)} ms = ${x(r1)}`);
  const ff = our('firefox');
  const r2 = ratio(ff?.fullMs, chrome?.fullMs);
  add('Firefox full snapshot ≤ 1.5× our Chromium', r2, 1.5, `${fmt(ff?.fullMs)} ms vs ${fmt(chrome?.fullMs)} ms = ${x(r2)}`);
  const wk = our('safari');
  const r3 = ratio(wk?.fullMs, chrome?.fullMs);
  add('WebKit full snapshot ≤ 3× our Chromium', r3, 3, `${fmt(wk?.fullMs)} ms vs ${fmt(chrome?.fullMs)} ms = ${x(r3)}`);
  for (const o of ours.filter((e) => !e.error)) {
    const p = pageOf(o.pages);
    if (!p) continue;
    const r = ratio(p.interactiveChars, pw?.snapshotChars);
    const complete = p.interactiveRefs === p.actionable;
    out.push({
      target: `${o.engine}: interactive text ≤ 0.25× Playwright AI snapshot chars, every actionable element listed`,
      measured: `${p.interactiveChars} vs ${fmt(pw?.snapshotChars)} chars = ${x(r)}; refs ${p.interactiveRefs}/${p.actionable}`,
      met: r === undefined ? undefined : r <= 0.25 && complete,
    });
    add(`${o.engine}: diff after one click ≤ 1 KB`, p.diffChars, 1024, `${p.diffChars} chars (since_rev); click snapshot:"diff" ${p.clickDiffChars} chars`);
    const f = floor(o.engine);
    const rf = ratio(p.clickMs, f?.clickMs);
    add(`${o.engine}: click by ref ≤ 1.3× raw protocol floor`, rf, 1.3, `${fmt(p.clickMs, 1)} ms vs ${fmt(f?.clickMs, 1)} ms = ${x(rf)}`);
    add(`${o.engine}: server RSS ≤ 80 MB (1 session, 1,000-row page)`, o.rssMb, 80, `${fmt(o.rssMb, 1)} MB`);
  }
  const ppf = peer('puppeteer-firefox');
  const r4 = ratio(ff?.clickMs, ppf?.clickMs);
  add('Firefox click by ref ≤ 0.25× Puppeteer page.click()', r4, 0.25, `${fmt(ff?.clickMs, 1)} ms vs ${fmt(ppf?.clickMs, 1)} ms = ${x(r4)}`);
  const r5 = ratio(chrome?.clickMs, pw?.clickMs);
  out.push({ target: 'Chromium click by ref ÷ Playwright locator.click() (reported, no limit)', measured: `${fmt(chrome?.clickMs, 1)} ms vs ${fmt(pw?.clickMs, 1)} ms = ${x(r5)}`, met: undefined });
  return out;
}
