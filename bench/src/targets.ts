import { ratio } from './stats';
import type { Engine, FloorEngine, OurEngine, OurPage, PairedResult, PeerResult } from './types';

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

/** A side-by-side median, when that pair was measured without error. */
function pairedMs(paired: PairedResult[], what: PairedResult['what'], engine: Engine, who: string): number | undefined {
  const v = paired.find((r) => r.what === what && r.engine === engine && r.rows === TARGET_ROWS && !r.error)?.medians[who];
  return v !== undefined && Number.isFinite(v) ? v : undefined;
}

/**
 * Ratios against a peer or the floor come from the side-by-side phase where it ran (both sides
 * measured in alternation), else from the separate phases; the row says which.
 */
export function judge(ours: OurEngine[], floors: FloorEngine[], peers: PeerResult[], paired: PairedResult[] = []): TargetResult[] {
  const our = (e: Engine): OurPage | undefined => pageOf(ours.find((o) => o.engine === e && !o.error)?.pages);
  const peer = (n: PeerResult['peer']) => pageOf(peers.find((p) => p.peer === n)?.pages);
  const floor = (e: Engine) => pageOf(floors.find((f) => f.engine === e)?.pages);
  const pw = peer('playwright-chromium');
  const chrome = our('chrome');
  const out: TargetResult[] = [];
  const add = (target: string, value: number | undefined, limit: number, measured: string) =>
    out.push({ target, measured, met: value === undefined ? undefined : value <= limit });

  const sideBySide = (a: number | undefined, b: number | undefined, fa: number | undefined, fb: number | undefined) =>
    a !== undefined && b !== undefined ? { a, b, how: ' (side by side)' } : { a: fa, b: fb, how: ' (separate phases)' };
  const s1 = sideBySide(pairedMs(paired, 'snapshot', 'chrome', 'ours'), pairedMs(paired, 'snapshot', 'chrome', 'playwright'), chrome?.fullMs, pw?.snapshotMs);
  const r1 = ratio(s1.a, s1.b);
  add('Chromium full snapshot ≤ 0.2× Playwright ariaSnapshot({mode:"ai"})', r1, 0.2, `${fmt(s1.a)} ms vs ${fmt(s1.b)} ms = ${x(r1)}${s1.how}`);
  const ff = our('firefox');
  // Playwright's snapshot here is on Chromium: it drives only its own patched Firefox.
  const s0 = sideBySide(pairedMs(paired, 'snapshot', 'firefox', 'ours'), pairedMs(paired, 'snapshot', 'firefox', 'playwright'), ff?.fullMs, pw?.snapshotMs);
  const r0 = ratio(s0.a, s0.b);
  add('Firefox full snapshot ≤ 0.3× Playwright ariaSnapshot({mode:"ai"}) on Chromium', r0, 0.3, `${fmt(s0.a)} ms vs ${fmt(s0.b)} ms = ${x(r0)}${s0.how}`);
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
    const sf = sideBySide(pairedMs(paired, 'click', o.engine, 'ours'), pairedMs(paired, 'click', o.engine, 'floor'), p.clickMs, f?.clickMs);
    const rf = ratio(sf.a, sf.b);
    add(`${o.engine}: click by ref ≤ 1.3× raw protocol floor`, rf, 1.3, `${fmt(sf.a, 1)} ms vs ${fmt(sf.b, 1)} ms = ${x(rf)}${sf.how}`);
    add(`${o.engine}: server RSS ≤ 80 MB (1 session, 1,000-row page)`, o.rssMb, 80, `${fmt(o.rssMb, 1)} MB`);
  }
  const ppf = peer('puppeteer-firefox');
  const s4 = sideBySide(pairedMs(paired, 'click', 'firefox', 'ours'), pairedMs(paired, 'click', 'firefox', 'puppeteer'), ff?.clickMs, ppf?.clickMs);
  const r4 = ratio(s4.a, s4.b);
  add('Firefox click by ref ≤ 0.25× Puppeteer page.click()', r4, 0.25, `${fmt(s4.a, 1)} ms vs ${fmt(s4.b, 1)} ms = ${x(r4)}${s4.how}`);
  const s5 = sideBySide(pairedMs(paired, 'click', 'chrome', 'ours'), pairedMs(paired, 'click', 'chrome', 'playwright'), chrome?.clickMs, pw?.clickMs);
  const r5 = ratio(s5.a, s5.b);
  out.push({ target: 'Chromium click by ref ÷ Playwright locator.click() (reported, no limit)', measured: `${fmt(s5.a, 1)} ms vs ${fmt(s5.b, 1)} ms = ${x(r5)}${s5.how}`, met: undefined });
  return out;
}
