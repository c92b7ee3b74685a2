/** The figures one run produces; report.ts renders them, main.ts collects them. */

export type Engine = 'firefox' | 'chrome' | 'safari';
export const ENGINES: readonly Engine[] = ['firefox', 'chrome', 'safari'];

export interface Iterations {
  snapshots: number;
  /**
   * Untimed snapshots before the timed ones, for ours and every peer alike (steady state: the page's
   * script compiled by the engine's JIT, as after an agent's first few steps). One on 5,000 rows.
   */
  snapshotWarmups: number;
  /** Snapshots on pages of 5,000 rows or more, which take seconds each. */
  bigSnapshots: number;
  clicks: number;
  types: number;
  screenshots: number;
  floorClicks: number;
}

export interface OurPage {
  rows: number;
  fullMs: number;
  interactiveMs: number;
  /** `text` of a default full snapshot (long runs of like rows folded). */
  fullChars: number;
  /** `text` of a full snapshot with collapse:false (every row written out). */
  fullUnfoldedChars: number;
  interactiveChars: number;
  /** Lines in the interactive text that name an actionable element with a ref. */
  interactiveRefs: number;
  /** Actionable elements the page has (links, buttons, text inputs, checkboxes). */
  actionable: number;
  /** `page.snapshot({since_rev})` after one click: text chars and whole answer bytes. */
  diffChars: number;
  diffBytes: number;
  /** `page.click({snapshot:"diff"})` after a default snapshot: text chars of its snapshot. */
  clickDiffChars: number;
  clickMs: number;
  typeMs: number;
  screenshotMs: number;
  truncated: boolean;
}

export interface OurEngine {
  engine: Engine;
  version: string;
  startMs: number;
  pages: OurPage[];
  /** Server VmRSS with one session and the 1,000-row page open. */
  rssMb?: number;
  /** Server VmRSS once it answered provider.status, before any browser: Node + loader + our code. */
  rssIdleMb?: number;
  error?: string;
}

export interface FloorPage {
  rows: number;
  clickMs: number;
  /** The page-script snapshot op over the raw protocol (profile): round trip and in-page time. */
  snapshotRoundTripMs?: number;
  snapshotInPageMs?: number;
  /** Length of the page script's snapshot reply (the string the protocol carries). */
  snapshotReplyChars?: number;
  /** Round trip of a script call answering a 1 MiB string: the protocol's bulk transfer cost. */
  mibStringMs?: number;
}

export interface FloorEngine {
  engine: Engine;
  pages: FloorPage[];
  error?: string;
}

export type PeerName = 'playwright-chromium' | 'puppeteer-firefox' | 'puppeteer-chromium';

export interface PeerPage {
  rows: number;
  snapshotMs: number;
  snapshotChars: number;
  /** Why there is no snapshot figure (e.g. Puppeteer's snapshot needs CDP, which Firefox lacks). */
  snapshotError?: string;
  clickMs: number;
  typeMs: number;
}

export interface PeerResult {
  peer: PeerName;
  version: string;
  /** Which snapshot call was timed, e.g. `page.ariaSnapshot({mode:"ai"})`. */
  snapshotCall: string;
  clickCall: string;
  typeCall: string;
  pages: PeerPage[];
  error?: string;
}

/** One target's contenders measured in alternation on one page (bench/src/paired.ts). */
export interface PairedResult {
  what: 'snapshot' | 'click';
  engine: Engine;
  rows: number;
  rounds: number;
  /** Median ms per contender: `ours`, `floor`, `playwright`, `puppeteer`. */
  medians: Record<string, number>;
  error?: string;
}

export interface ProfileStep {
  what: string;
  totalMs: number;
  /** Time inside browser commands, by method (sum of request→answer spans). */
  browserMs: Record<string, { count: number; ms: number }>;
  /** totalMs minus the union of browser spans: our server (core + transport encode/decode) and the client pipe. */
  outsideMs: number;
  inPageMs?: number;
}

export interface ProfileResult {
  engine: Engine;
  rows: number;
  steps: ProfileStep[];
  error?: string;
}

export interface LoadResult {
  engine: Engine;
  sessions: number;
  stepsPerSession: number;
  expected: number;
  answered: number;
  failed: number;
  wrongToken: number;
  wrongCookie: number;
  /** Snapshots in which the page found a cookie on arrival (all must be the session's own). */
  cookieSeen: number;
  wallMs: number;
  throughput: number;
  p50: number;
  p95: number;
  rssMb?: number;
  firstErrors: string[];
  /** p50/p95 step latency per method. */
  byMethod: Record<string, { p50: number; p95: number }>;
}
