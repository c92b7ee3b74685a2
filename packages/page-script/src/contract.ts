/**
 * The contract between Node and the in-page program. Node code (core, bidi, classic) imports only
 * these types and the strings exported from index.ts; the in-page implementation lives in ./page/.
 *
 * Every op takes JSON arguments and returns JSON (possibly through a promise). The caller wrapper
 * (`OP_CALLER` in index.ts) JSON-stringifies the result in the page, so every backend transports one
 * string and parses it once — no per-backend value deserialization on the hot path.
 *
 * Element ids (`LocalId`) are per-document integers assigned by the page script: the same DOM node
 * keeps its id for the life of the document, and ids are never reused within a document. A document is
 * identified by `doc` (a random token made when the script is installed). Session-wide refs that
 * never get reused are minted by core from (page, frame, doc, id); the page never sees them.
 */

import type { FrameWire } from './frame-wire';

export type LocalId = number;

/** Where an action lands, in CSS pixels relative to the frame's own viewport. */
export interface FramePoint {
  x: number;
  y: number;
}

export interface FrameRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface NodeStates {
  checked?: boolean | 'mixed';
  disabled?: boolean;
  expanded?: boolean;
  selected?: boolean;
  required?: boolean;
  invalid?: boolean;
  focused?: boolean;
}

/**
 * One node of a frame's snapshot. `children` are indices into `FrameSnapshot.nodes`. Text runs that
 * are not already the name of their parent become `role: "text"` nodes without an id; their run is in
 * `text` and their `name` is "".
 * Generic containers without a name are folded away: their children are lifted to their parent.
 */
export interface RawNode {
  id?: LocalId;
  role: string;
  name: string;
  text?: string;
  /** Visible, enabled, and of a kind an agent acts on (link, button, textbox, checkbox, …). */
  actionable: boolean;
  enabled: boolean;
  value?: string;
  level?: number;
  href?: string;
  states?: NodeStates;
  /**
   * A short CSS selector that found this element when the snapshot was taken (a hint, not an address).
   * Set on actionable nodes and frames. Inside an open shadow root it is relative to that root.
   */
  selector_hint?: string;
  /** A nameless clickable's hint (./page/icon-hint.ts): page text that tells it apart, not its name. */
  hint?: string;
  /**
   * A field whose value is not plain text: its kind and the format its value takes, in our own words
   * (`date YYYY-MM-DD`, `colour #rrggbb`, `range 0..100 step 5`; ./page/field-kinds.ts).
   */
  format?: string;
  children: number[];
  /** Set on `<iframe>`/`<frame>` nodes: the backend resolves the child document with `childFrame(id)`. */
  frame?: true;
  /** With the `boxes` option: the border box relative to this frame's viewport, CSS pixels rounded: x, y, width, height. */
  box?: [number, number, number, number];
}

export interface FrameSnapshot {
  doc: string;
  url: string;
  title: string;
  /** Index 0 is the document root (`role: "document"`). */
  nodes: RawNode[];
  /** True when `maxNodes` cut the walk short. */
  truncated: boolean;
}

export interface SnapshotOptions {
  maxNodes: number;
  mode: 'full' | 'interactive';
  /** Give each element node its border box (`box`). */
  boxes?: boolean;
  /** Cut each field value at this many characters (default 500, facts.ts), saying how many were cut. */
  valueChars?: number;
  /** Take the snapshot even while the frame scrolls (else the op answers StillScrolling). */
  midScroll?: boolean;
}

/** The snapshot op's answer while its frame scrolls: how many ms until it has been still long enough. */
export interface StillScrolling {
  scrolling: number;
}

/** A candidate element for a selector or text query. */
export interface Match {
  id: LocalId;
  role: string;
  name: string;
}

export type QueryResult =
  | { ok: true; doc: string; matches: Match[]; iframes: LocalId[] }
  | { ok: false; code: 'invalid_selector'; message: string };

/** Why an element cannot be acted on now. */
export type NotActionableCode =
  | 'stale_ref'
  | 'not_visible'
  | 'disabled'
  | 'obscured'
  | 'unstable'
  | 'file_input'
  | 'not_editable'
  | 'not_select'
  /** `select`: no option has the requested value/label (nothing was changed; the message lists options). */
  | 'no_option'
  /** No realm the page could not have patched is available for the checks (classic WebDriver; see page/fresh.ts). */
  | 'untrusted_realm';

export type ActionKind = 'click' | 'hover' | 'type' | 'select' | 'drag';

/**
 * The click gesture the guard judges: which button, and how many clicks at one point (a double
 * click is two clicks and a dblclick). Default: one left click.
 */
export interface GuardedGesture {
  button: 'left' | 'middle' | 'right';
  count: number;
  /**
   * A drag's press (`prepare(…, 'drag')`): only the pointerdown and mousedown are judged (the rest of a
   * drag lands where the drop is), and the drag bridge (page/drag.ts) is armed: with `synthesize`,
   * the engine's native HTML5 drag is replaced by one dispatched in the page.
   */
  press?: boolean;
  synthesize?: boolean;
}

/** What `dragReport` saw of a drag's gesture, and what it dispatched. */
export interface DragReport {
  /** The press reached the source (true), was cancelled because it would have landed elsewhere (false), or was not seen (null). */
  began: boolean | null;
  /**
   * The HTML5 drag: none started (`none`: a mouse-event widget, or a page that refused it); the
   * engine's own events (`native`); or events dispatched in the page after a trusted dragstart (`synthesized`).
   */
  html5: 'none' | 'native' | 'synthesized';
  /** The drop target accepted the HTML5 drop (its dragover was cancelled) and got the drop event. */
  dropped?: boolean;
  /** The synthesized drop was not dispatched: the point no longer lands on the destination (what covers it). */
  missed?: string;
}

/**
 * Where a drag left its source, against where it was before the press (1-based places among its
 * parent's element children): `from` and `to` of `of`; `other_list` when its parent changed; `dx`,
 * `dy` how far its box moved within its parent (CSS px).
 */
export interface DragMove {
  from: number;
  to: number;
  of: number;
  other_list: boolean;
  dx: number;
  dy: number;
}

/**
 * An editor typed into by keys: a contenteditable host, or an editor's hidden input (`hidden`, see
 * page/editor.ts). `before` is the editor's text before typing, to tell whether the typing took.
 */
export interface EditorFill {
  before: string;
  hidden: boolean;
}

/**
 * What `fill` did. `by: "value"`: a picker kind (date, time, colour, range…) was set through its value
 * and holds `value` now. `by: "keys"`: a text kind, for the caller to focus and type into (`hint`: the
 * format a number field takes, for the refusal when typed text does not stay; `exact`: an input whose
 * value should read back as the text typed, unless the page changed it). `value_rejected`: the
 * element did not take the text (not its format, out of its range, or cleared): nothing kept; `format`
 * is the outline's format, `hint` one sentence with an example, `value` what the field holds.
 */
export type FillResult =
  | { ok: true; by: 'value'; value: string }
  | { ok: true; by: 'keys'; hint?: string; exact?: true; editor?: EditorFill }
  | { ok: false; code: NotActionableCode; message: string; cover?: string }
  | { ok: false; code: 'value_rejected'; message: string; format: string; hint: string; value: string };

export type ActionCheck =
  /**
   * `face`: the element was a restyled field painted transparent under its own face, so the point
   * is on that face (described as in `cover`), where a person clicks it (page/face.ts).
   */
  | { ok: true; point: FramePoint; face?: string }
  | { ok: false; code: NotActionableCode; message: string; cover?: string };

/** What the click guard saw, read right after the dispatch. */
export interface ClickReport {
  /**
   * The gesture reached the element (true: every event of it, through its last one — the count-th
   * click of the left button, auxclick or contextmenu of the others), was cancelled from the first
   * event that would have landed elsewhere (false), or was not seen (null).
   */
  landed: boolean | null;
  /**
   * The events that are the click itself (click, dblclick, auxclick, contextmenu) that reached the
   * element, in order: what the page acted on, also when the rest of the gesture was cancelled.
   */
  reached?: string[];
  /**
   * The gesture's first event (its pointerdown) reached the element: the page received the click and
   * may have acted on it (focused a field, closed a menu), whatever happened to the rest. False when
   * the guard cancelled it from that first event: nothing reached the page. Absent when no event came.
   */
  began?: boolean;
  /** Every event of the gesture the guard cancelled, in order (pointerup, mouseup, click, …). */
  cancelled?: string[];
  /**
   * Whether the click started a cross-document navigation of this frame: `started` (seen through the
   * Navigation API, or the document is already replaced), `none` (the API saw none), `unknown` (no API).
   */
  navigation: 'started' | 'none' | 'unknown';
  /** This frame's URL now. */
  url: string;
}

/** Whether a point in this frame lands on the element `id`, in it, or on something covering it. */
export type HitResult = { ok: true } | { ok: false; cover: string };

export interface WaitProbe {
  text_present?: string;
  text_absent?: string;
  selector_present?: string;
  selector_absent?: string;
  element_present?: LocalId;
}

export type WaitProbeResult =
  | {
      ok: true;
      doc: string;
      /** `document.readyState` of this document. */
      readyState: string;
      satisfied: Partial<Record<keyof WaitProbe, boolean>>;
      iframes: LocalId[];
    }
  | { ok: false; code: 'invalid_selector'; message: string };

export interface PageMetrics {
  viewportWidth: number;
  viewportHeight: number;
  scrollX: number;
  scrollY: number;
  documentWidth: number;
  documentHeight: number;
  devicePixelRatio: number;
}

/**
 * What `pointAt` saw at a point of the top-level viewport: the viewport's size, whether the point is in
 * it, and the element there with its ids and its ancestors' (nearest first). Not ok when this realm's
 * functions cannot be trusted (`untrusted_realm`): then nothing is said about the point.
 */
export type PointReport =
  | {
      ok: true;
      doc: string;
      viewport: { width: number; height: number };
      /** The point judged: the one given, or the viewport's centre when none was. */
      point: FramePoint;
      inside: boolean;
      hit: { tag: string; description: string; chain: LocalId[] } | null;
    }
  | { ok: false; why: string };

/** Every op the page script answers. Args and results are JSON. */
export interface PageScriptOps {
  /** The document token; cheap, used to detect navigation and stale refs. */
  doc(): string;
  /**
   * A frame's snapshot in the wire format; Node reads it with `decodeFrameSnapshot` (./decode.ts). While
   * the frame is still scrolling, `{ scrolling: ms }` instead: ask again after that long
   * (page/scrolling.ts).
   */
  snapshot(opts: SnapshotOptions): Promise<FrameWire | StillScrolling>;
  /** Elements matching a CSS selector, or whose accessible name / text contains `text` (case-insensitive). */
  query(q: { selector?: string; text?: string; limit: number }): QueryResult;
  /** Whether `id` still names a connected element of this document. */
  alive(doc: string, id: LocalId): boolean;
  /**
   * Scrolls the element into view and checks it: attached, visible, enabled (for click/type/select),
   * stable (over two animation frames when it had to scroll or an animation can move it), and that the
   * hit-test at its action point lands on it or inside it. `type` additionally refuses file inputs
   * (`file_input`) and non-editable elements (`not_editable`). An ok `click` check arms the click guard
   * for `gesture` (default one left click): until `clickReport`, every event of the gesture from the
   * first that would land elsewhere is cancelled in the page.
   */
  prepare(doc: string, id: LocalId, kind: ActionKind, gesture?: GuardedGesture): Promise<ActionCheck>;
  /** Hit-test a point in this frame against element `id` (used on the iframe element in ancestor frames). */
  hit(doc: string, id: LocalId, point: FramePoint): HitResult;
  /**
   * What the click guard armed by `prepare(…, 'click')` saw of the dispatch; stands it down. With
   * `waitMs` (a report asked alongside the dispatch) it first waits, at most that long, until the
   * gesture is over: its click and the click's default action have run, or a navigation started.
   */
  clickReport(doc: string, waitMs?: number): Promise<ClickReport>;
  /** Stands an armed click guard down (the click was refused after the check). */
  disarm(): void;
  /**
   * Where to drop onto element `id` when `sourceId` (same document) is dragged to it: visible, stable,
   * scrolled into view with the source still in view, and a point that hit-tests to it, the source
   * (which moves with the pointer) never counting as covering it. The point leans from the centre
   * towards the far side, in the direction of the move: a sortable then takes the item's place.
   */
  dropPoint(doc: string, id: LocalId, sourceId: LocalId): Promise<ActionCheck>;
  /**
   * After the drag's moves, before the release: what the drag guard saw; with a synthesized HTML5
   * drag, dispatches dragenter / dragover / drop at `point` on element `destId` (or whatever is at
   * `point` when null), then dragend on the source. Stands the guard down.
   */
  dragReport(doc: string, destId: LocalId | null, point: FramePoint): DragReport;
  /**
   * The drag source's place: before the press (`after` false) it is remembered, and the answer is
   * null; after the release, where it went, or null when neither its place nor its box changed.
   * False when the element is gone or nothing was remembered.
   */
  dragPlace(doc: string, id: LocalId, after: boolean): DragMove | null | false;
  /**
   * Focuses an editable element; with `replace`, selects its content so typing replaces it. With
   * `keys` (page.press), any focusable element, and the selection is left alone.
   */
  focus(doc: string, id: LocalId, replace: boolean, keys?: boolean): ActionCheck;
  /**
   * Checks an element for page.type and fills it when its kind takes a value rather than keys (date,
   * time, datetime-local, month, week, color, range); see ./page/fill.ts.
   */
  fill(doc: string, id: LocalId, text: string, replace: boolean): FillResult;
  /** The current value of an input-like element (for verifying typing). */
  value(doc: string, id: LocalId): string | null;
  /** Selects options of a <select> by value or label; returns the selected values. */
  select(doc: string, id: LocalId, values: string[] | null, labels: string[] | null): { ok: true; selected: string[] } | { ok: false; code: NotActionableCode; message: string };
  /** Evaluates wait conditions once against this document. */
  probe(p: WaitProbe): WaitProbeResult;
  /** The element's border box relative to this frame's viewport. */
  rect(doc: string, id: LocalId): FrameRect | null;
  /** Where the content of iframe element `id` starts, relative to this frame's viewport. */
  frameOrigin(doc: string, id: LocalId): FramePoint | null;
  metrics(): PageMetrics;
  /** `metrics` after the next rendering step, so `resize` handlers have run (page.set_viewport). */
  settledMetrics(): Promise<PageMetrics>;
  /**
   * Scrolls element `id` (or the page, when `id` is null) by a delta, or the element into view, and
   * answers where the scrolled box now is. `stale` when the element is gone.
   */
  scroll(doc: string | null, id: LocalId | null, s: ScrollRequest): ScrollResult;
  /** The document origin's localStorage or sessionStorage (all keys, or only `keys`). */
  storage(kind: 'local' | 'session', keys: string[] | null): StorageResult;
  /** Writes that storage (clear, then remove `remove`, then set `set`) and answers all it holds after. */
  storageWrite(kind: 'local' | 'session', w: StorageWrite): StorageResult;
  /** Whether element `id` is an enabled `<input type=file>`, and whether it takes several files. */
  fileInput(doc: string, id: LocalId): FileInputResult;
  /** Draws a persistent outline over element `id` (false: it is gone). */
  highlight(doc: string, id: LocalId, style: string | null): boolean;
  /** Removes the outline of element `id`, or every outline when `id` is null; answers how many. */
  hideHighlight(doc: string | null, id: LocalId | null): number;
  /** Whether `point` (null: the viewport's centre) is in the top-level viewport and what element is there (page.mouse; see ./page/point.ts). */
  pointAt(point: FramePoint | null): PointReport;
  /** Drops `payload` onto element `id` with synthetic drag events (see ./page/devtools.ts). */
  drop(doc: string, id: LocalId, payload: DropPayload): DropResult;
}

/** What `drop` carries: files as bytes (base64) and MIME-typed strings. */
export interface DropPayload {
  files: Array<{ name: string; type: string; base64: string }>;
  data: Record<string, string>;
}

export type DropResult = { ok: true; dropped: boolean; types: string[]; files: number } | { ok: false; code: 'stale_ref'; message: string };

export type FileInputResult =
  | { ok: true; multiple: boolean }
  | { ok: false; code: 'stale_ref' | 'not_file_input' | 'disabled'; message: string };

export interface ScrollRequest {
  dx: number;
  dy: number;
  intoView: boolean;
}

export type ScrollResult = { ok: true; scrollX: number; scrollY: number } | { ok: false; code: 'stale_ref'; message: string };

export interface StorageWrite {
  clear: boolean;
  remove: string[];
  set: Record<string, string>;
}

export type StorageResult = { ok: true; origin: string; entries: Record<string, string> } | { ok: false; origin: string; message: string };

export type OpName = keyof PageScriptOps;
export type OpArgs<K extends OpName> = Parameters<PageScriptOps[K]>;
export type OpResult<K extends OpName> = Awaited<ReturnType<PageScriptOps[K]>>;
