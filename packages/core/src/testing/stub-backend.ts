import { encodeFrame, type OpArgs, type OpName, type OpResult } from '@browser-provider/page-script';
import type { ClickButton, Feature, MouseAction, OptionalMethodName, OwnMethodName, ProviderStatus, ScreenshotFormat } from '@browser-provider/protocol';
import type { Backend, BackendPage, BackendSession, CustomMethod, FrameKey, InputSource, NavigationWatch, RouteDecider, RouteHeaderLimits, RouteRefused, ScreenshotOptions, SessionOptions } from '../backend';
import { sleep } from '../toolkit/deadline';

/**
 * A stand-in browser for unit tests of core: one document with a heading and a button, ops
 * answered from memory. It never counts as a browser working; real-browser tests do that.
 */
export class StubPage implements BackendPage {
  readonly targetId: string;
  readonly mainFrame: FrameKey = 'top';
  url = 'about:blank';
  doc = 'doc-1';
  /** What the page calls itself, and its heading's text: page-supplied strings a test may make hostile. */
  title = 'Stub';
  heading = 'Hello';
  /** More level-2 headings after the button: a test makes a page whose whole answer is large. */
  moreHeadings: string[] = [];
  /** Where each input pressed the mouse (a click's or a drag's point), in order. */
  clicks: { x: number; y: number }[] = [];
  /** Milliseconds every op takes, to exercise ordering and deadlines. */
  delayMs = 0;
  /** What the page's click guard reports after a click (false: the gesture was cancelled). */
  clickLands: boolean | null = true;
  /** The click events the guard reports as having reached the element. */
  clickReached: string[] = [];
  /** Whether the gesture's first event reached the element, and what the guard cancelled (with clickLands false). */
  clickBegan = false;
  clickCancelled: string[] = [];
  /** What the drag guard reports of a drag's press (false: cancelled, it would have landed elsewhere). */
  dragBegan: boolean | null = true;
  /** What `dragPlace` answers after the release: null is "the source did not move". */
  dragMoved: unknown = null;
  /** A click takes the page to a new document (and, with failOps, the snapshot after it may fail). */
  clickNavigates = false;
  /** The arguments of each op's latest call. */
  lastArgs: Partial<Record<OpName, unknown[]>> = {};
  /** Ops that throw a plain Error, to exercise internal_error. */
  failOps = new Set<string>();
  log: string[] = [];

  constructor(id: string) {
    this.targetId = id;
  }

  async navigate(url: string, _w: string, signal: AbortSignal): Promise<void> {
    await sleep(this.delayMs, signal);
    this.url = url;
    this.doc = `doc-${Math.random()}`;
  }

  async info(): Promise<{ url: string; title: string }> {
    return { url: this.url, title: this.title };
  }

  async call<K extends OpName>(_frame: FrameKey, op: K, args: OpArgs<K>, signal: AbortSignal): Promise<OpResult<K>> {
    this.log.push(op);
    this.lastArgs[op] = args as unknown[];
    await sleep(this.delayMs, signal);
    if (this.failOps.has(op)) throw new Error(`stub failure in ${op} at /secret/path.ts:1`);
    const a = args as unknown[];
    const alive = a[0] === this.doc && a[1] === 2;
    const answers: Partial<Record<OpName, unknown>> = {
      doc: this.doc,
      snapshot: encodeFrame({
        doc: this.doc,
        url: this.url,
        title: this.title,
        truncated: false,
        nodes: [
          { role: 'document', name: this.title, actionable: false, enabled: true, children: [1, 2, ...this.moreHeadings.map((_, i) => 3 + i)] },
          { id: 1, role: 'heading', name: this.heading, level: 1, actionable: false, enabled: true, children: [] },
          { id: 2, role: 'button', name: 'Go', actionable: true, enabled: true, children: [] },
          ...this.moreHeadings.map((name, i) => ({ id: 3 + i, role: 'heading', name, level: 2, actionable: false, enabled: true, children: [] })),
        ],
      }, ''),
      query: (a[0] as { selector?: string } | undefined)?.selector === '!!'
        ? { ok: false, code: 'invalid_selector', message: 'bad' }
        : { ok: true, doc: this.doc, matches: [{ id: 2, role: 'button', name: 'Go' }], iframes: [] },
      alive,
      prepare: alive ? { ok: true, point: { x: 10, y: 20 } } : { ok: false, code: 'stale_ref', message: 'gone' },
      clickReport: { landed: this.clickLands, reached: this.clickReached, began: this.clickBegan, cancelled: this.clickCancelled, navigation: 'none', url: this.url },
      disarm: null,
      dropPoint: alive ? { ok: true, point: { x: 110, y: 20 } } : { ok: false, code: 'stale_ref', message: 'gone' },
      dragReport: { began: this.dragBegan, html5: 'none' },
      dragPlace: a[2] === true ? this.dragMoved : null,
      focus: alive ? { ok: true, point: { x: 10, y: 20 } } : { ok: false, code: 'stale_ref', message: 'gone' },
      // A field that takes keys (page.type checks with fill first, then focuses and types).
      fill: alive ? { ok: true, by: 'keys' } : { ok: false, code: 'stale_ref', message: 'gone' },
      rect: alive ? { x: 0, y: 0, width: 20, height: 10 } : null,
      frameOrigin: null,
      hit: { ok: true },
      value: alive ? '' : null,
      select: { ok: false, code: 'not_select', message: 'not a select' },
      probe: { ok: true, doc: this.doc, readyState: 'complete', satisfied: { text_present: true }, iframes: [] },
      // An 800×600 viewport whose every point lands on the Go button (id 2) inside the heading's id 1.
      pointAt: ((pt: { x: number; y: number } | null) => {
        const point = pt ?? { x: 400, y: 300 };
        const inside = point.x >= 0 && point.y >= 0 && point.x < 800 && point.y < 600;
        return { ok: true, doc: this.doc, viewport: { width: 800, height: 600 }, point, inside, hit: inside ? { tag: 'button', description: 'button "Go"', chain: [2, 1] } : null };
      })(a[0] as { x: number; y: number } | null),
      metrics: { viewportWidth: 800, viewportHeight: 600, scrollX: 0, scrollY: 0, documentWidth: 800, documentHeight: 600, devicePixelRatio: 1 },
      settledMetrics: { viewportWidth: 800, viewportHeight: 600, scrollX: 0, scrollY: 0, documentWidth: 800, documentHeight: 600, devicePixelRatio: 1 },
    };
    return answers[op] as OpResult<K>;
  }

  async childFrame(): Promise<FrameKey | null> {
    return null;
  }
  /** The raw input sources of each `input` call, in order. */
  inputs: Array<{ sources: readonly InputSource[]; hold: boolean }> = [];
  async input(sources: readonly InputSource[], _signal: AbortSignal, opts: { hold?: boolean } = {}): Promise<void> {
    this.inputs.push({ sources, hold: opts.hold === true });
    for (const source of sources) {
      if (source.type !== 'pointer') continue;
      const move = source.actions.find((a) => a.type === 'pointerMove');
      if (move && source.actions.some((a) => a.type === 'pointerDown')) this.clicks.push({ x: move.x, y: move.y });
    }
  }
  /** A press since the watch began takes the page to a new document where `clickNavigates` says so. */
  async watchNavigation(): Promise<NavigationWatch> {
    const before = this.clicks.length;
    return {
      settle: async () => {
        if (!this.clickNavigates || this.clicks.length === before) return false;
        this.doc = `doc-${Math.random()}`;
        return true;
      },
      dispose: () => undefined,
    };
  }
  /** The options of each screenshot, in order. */
  shots: ScreenshotOptions[] = [];
  async screenshot(opts: ScreenshotOptions): Promise<{ data: string; width: number; height: number }> {
    this.shots.push(opts);
    return { data: '', width: 800, height: 600 };
  }
  async close(): Promise<void> {}
}

export class StubBackend implements Backend {
  readonly info = {
    providerId: 'stub',
    providerLabel: 'Stub',
    family: 'stub',
    browserLabel: 'Stub browser',
    engine: { name: 'none', automation: 'in-memory' },
  };
  pages: StubPage[] = [];
  sessionsOpen = 0;
  shutDown = false;
  custom: CustomMethod[] = [];
  /** What `features()` answers (tests add `persistent_profile`). */
  featureList: Feature[] = [];
  /** The options of every createSession call, in order. */
  created: SessionOptions[] = [];
  /** Ends a session as if its browser died (by creation order). */
  readonly lose: Array<() => void> = [];
  #pageCounter = 0;

  async status(): Promise<ProviderStatus> {
    return {
      availability: 'ready',
      browser_detected: true,
      browser_running: true,
      setup_state: 'complete',
      requires_manual_setup: false,
      recommended_browser: 'stub',
      manual_steps: [],
      diagnostics: [],
    };
  }
  features(): Feature[] {
    return this.featureList;
  }
  /** What `mouseActionsLacking()` answers. */
  mouseLacking: MouseAction[] = [];
  mouseActionsLacking(): readonly MouseAction[] {
    return this.mouseLacking;
  }
  /** What `screenshotFormats()` answers. */
  formats: ScreenshotFormat[] = ['png'];
  screenshotFormats(): readonly ScreenshotFormat[] {
    return this.formats;
  }
  /** What `clickButtons()` answers. */
  buttons: ClickButton[] = ['left', 'middle', 'right'];
  clickButtons(): readonly ClickButton[] {
    return this.buttons;
  }
  /** What `optionalMethods()` answers. */
  optionalList: OptionalMethodName[] = ['page.hover'];
  optionalMethods() {
    return this.optionalList;
  }
  customMethods() {
    return this.custom;
  }
  /** What `ownMethods()` answers. */
  ownList: OwnMethodName[] = ['route.add', 'route.list', 'route.remove', 'network.set_offline'];
  ownMethods() {
    return this.ownList;
  }
  /** The latest session's routing decider, refusal report and offline state, as core set them. */
  routing: { decide: RouteDecider | undefined; refused?: RouteRefused | undefined; offline: boolean } = { decide: undefined, offline: false };
  /** What `routeHeaderLimits()` answers. */
  headerLimits: RouteHeaderLimits = { unsettable: [], unremovable: [] };
  routeHeaderLimits(): RouteHeaderLimits {
    return this.headerLimits;
  }
  running() {
    return !this.shutDown;
  }
  /** Milliseconds createSession takes, to exercise cancelling a call sent without a session. */
  createDelayMs = 0;
  async createSession(opts: SessionOptions): Promise<BackendSession> {
    this.created.push(opts);
    await sleep(this.createDelayMs, opts.signal);
    this.sessionsOpen++;
    let end!: () => void;
    const ended = new Promise<void>((r) => (end = r));
    this.lose.push(end);
    return {
      isolated: true,
      attached: false,
      ended,
      newPage: async () => {
        const page = new StubPage(`t${++this.#pageCounter}`);
        this.pages.push(page);
        return page;
      },
      close: async () => {
        this.sessionsOpen--;
        end();
      },
      setRouting: async (decide, _signal, refused) => {
        this.routing.decide = decide;
        this.routing.refused = refused;
      },
      setOffline: async (offline) => {
        this.routing.offline = offline;
      },
    };
  }
  async shutdown(): Promise<void> {
    this.shutDown = true;
  }
}
