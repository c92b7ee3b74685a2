/**
 * The snapshot walk: one pass down the composed tree producing RawNodes. Ordering rules:
 * - a subtree is pruned (not even walked) for display:none, `hidden`, `inert`, aria-hidden="true" and
 *   non-content tags; visibility:hidden hides only the element itself, so its children are still walked;
 * - unnamed generic containers, lists and list items fold (their children go to the nearest emitted
 *   ancestor): a wrapper with no name and no action is not worth a line or a ref;
 * - adjacent text across folded inline elements merges into one run; block boxes break runs;
 * - text under a node whose name came from that text is not repeated.
 */
import type { FrameSnapshot, RawNode, SnapshotOptions } from '../contract';
import { DOC, elementById, idFor } from './registry';
import { P } from './realm';
import { composedChildren, deepActiveElement } from './tree';
import { editorSurface } from './editor';
import { clippedToNothing, hiddenByVisibility, hasSize, isEnabled, nativelyDisabled, prunedByMarkup, type StyleOf } from './style';
import {
  CONTAINER_NAME_ROLES, CONTEXT_ROLES, GENERIC_ROLES, INTERACTIVE_ROLES, LEAF_NAME_ROLES, WRAPPER_ROLES,
  finalRole, isEditingHost, nativelyActionable, roleOf,
} from './roles';
import { accessibleName, flat, LabelIndex, customControlFor } from './names';
import { hrefOf, levelOf, MAX_VALUE, pathBase, statesOf, valueOf } from './facts';
import { formatOf } from './field-kinds';
import { HintMaker } from './selector-hint';
import { encodeFrame, type FrameWire } from '../wire';
import { pack } from './pack';
import { CLICKABLE_BASE_ROLES, clickableByMarkup, clickableName, delegatesToItems, listenedElements } from './clickables';
import { clickableHint } from './icon-hint';
import { walker, walkInPage } from './page-walker';

/** A transport bound only: core cuts each run to its limit (core's limits.ts), saying how much. */
const MAX_TEXT = 100_000;
const DEFAULT_MAX_NODES = 5000;
/** The most of one value a snapshot asked for it (`value_chars`) carries. */
const MAX_VALUE_CHARS = 1_000_000;

interface Flags {
  /** Text runs here are already the name of an emitted ancestor. */
  suppressText: boolean;
  /** Inside a leaf name-from-content node: only actionable descendants are worth a node. */
  foldPassive: boolean;
  /** The nearest element's own visibility (text inherits it). */
  textVisible: boolean;
  /**
   * The style of the element whose text children these are, until its font size is read (once, at its
   * first text child): text at `font-size: 0` (a face-down card) is not shown. Null once read, or at the root.
   */
  textStyle: CSSStyleDeclaration | null;
  /** An ancestor has aria-disabled="true" (it disables the whole subtree). */
  ariaDisabled: boolean;
  /** The parent's computed cursor: a pointer cursor marks a clickable only where it starts. */
  cursor: string;
  /** The parent's handler is for its children (clickables.ts delegatesToItems): each block child is an item. */
  items: boolean;
}

/** Flags at the root of a walk. */
export const ROOT_FLAGS: Flags = { suppressText: false, foldPassive: false, textVisible: true, textStyle: null, ariaDisabled: false, cursor: 'auto', items: false };

class Walk {
  readonly nodes: RawNode[] = [];
  truncated = false;
  private pendingText = '';
  private pendingOut: number[] | null = null;
  // No style cache: the walk reads each element's style once, and a Map of 10k entries cost more than
  // it saved (Chromium 156 profile). The accessible-name library keeps its own per-call cache.
  // The exception: styles read out of walk order (a label's control, when deciding whether the label
  // stands in for it) or read again (a label, when naming its control) wait here; it holds a handful.
  private readonly early = new Map<Element, CSSStyleDeclaration>();
  private readonly styleOf: StyleOf = (el) => this.early.get(el) ?? P.style(el);
  private readonly hints = new HintMaker();
  private readonly focused = deepActiveElement();
  private readonly labels = new LabelIndex();
  private readonly sized = new Map<Element, boolean>();
  /** Where this document's path-absolute hrefs resolve (facts.ts): asked once, on the first link. */
  private base: string | null | undefined;
  /** Elements the listener recorder saw get a click listener (../recorder.ts). */
  private readonly listened = listenedElements();
  /** Actionable nodes emitted so far: tells whether a clickable wrapper holds a target of its own. */
  private actionableCount = 0;
  /** Elements whose text was left out for `font-size: 0` so far: tells a clickable to name itself by what shows. */
  private unseenText = 0;

  /** Box sizes are asked twice for label-wrapped controls (proxy decision, then the control itself). */
  private hasSize(el: Element): boolean {
    let v = this.sized.get(el);
    if (v === undefined) {
      v = hasSize(el);
      this.sized.set(el, v);
    }
    return v;
  }

  constructor(private readonly max: number, private readonly interactive: boolean, private readonly valueChars: number) {}

  /** Appends a node under `out`, unless the budget is spent. */
  private emit(node: RawNode, out: number[]): number | null {
    this.flush();
    if (this.nodes.length >= this.max) {
      this.truncated = true;
      return null;
    }
    this.nodes.push(node);
    if (node.actionable) this.actionableCount++;
    const index = this.nodes.length - 1;
    out.push(index);
    return index;
  }

  private addText(data: string, out: number[]): void {
    if (this.pendingOut !== out) this.flush();
    this.pendingOut = out;
    this.pendingText += data;
  }

  /** Ends the current text run (block boundary, or an element node arriving). */
  flush(): void {
    const out = this.pendingOut;
    const text = this.pendingText;
    this.pendingOut = null;
    this.pendingText = '';
    if (!out || this.interactive) return;
    let run = flat(text);
    if (!run) return;
    if (run.length > MAX_TEXT) run = `${run.slice(0, MAX_TEXT)}…`;
    if (this.nodes.length >= this.max) {
      this.truncated = true;
      return;
    }
    this.nodes.push({ role: 'text', name: '', text: run, actionable: false, enabled: true, children: [] });
    out.push(this.nodes.length - 1);
  }

  children(parent: Node, out: number[], flags: Flags): void {
    const el = parent as Element;
    if (parent.nodeType === 1 && (el.shadowRoot || el.localName === 'slot')) {
      const kids = composedChildren(parent);
      for (let i = 0; i < kids.length && !this.truncated; i++) this.child(kids[i]!, out, flags);
      return;
    }
    // The common case: sibling pointers, no NodeList (measurably cheaper in Chromium 156).
    for (let kid = parent.firstChild; kid && !this.truncated; kid = kid.nextSibling) this.child(kid, out, flags);
  }

  private child(kid: Node, out: number[], flags: Flags): void {
    if (kid.nodeType === 3) {
      const data = (kid as Text).data;
      // Whitespace between elements is dropped or merged anyway: only words pay for the font-size read.
      if (!flags.suppressText && flags.textVisible && (flags.textStyle === null || !WORD.test(data) || this.textShown(flags))) this.addText(data, out);
    } else if (kid.nodeType === 1) {
      this.element(kid as Element, out, flags);
    }
  }

  /** False (from now on, for these flags) when the text's element has `font-size: 0`: no one can read it. */
  private textShown(flags: Flags): boolean {
    const style = flags.textStyle;
    if (style === null) return true;
    flags.textStyle = null;
    if (style.fontSize !== '0px') return true;
    flags.textVisible = false;
    this.unseenText++;
    return false;
  }

  private element(el: Element, out: number[], flags: Flags): void {
    if (prunedByMarkup(el)) return;
    let style = this.early.size > 0 ? this.early.get(el) : undefined;
    if (style === undefined) style = P.style(el);
    else this.early.delete(el);
    const display = style.display;
    if (display === 'none') return;
    const tag = el.localName;
    if (tag === 'label') {
      this.early.set(el, style);
      this.walkElement(el, tag, style, display, out, flags);
      this.early.delete(el);
    } else this.walkElement(el, tag, style, display, out, flags);
  }

  private walkElement(el: Element, tag: string, style: CSSStyleDeclaration, display: string, out: number[], flags: Flags): void {
    // jsdom answers '' for inline elements; browsers always give a keyword.
    const block = display !== 'inline' && display !== 'contents' && display !== '';
    if (block) this.flush();
    if (tag === 'br') {
      if (!flags.suppressText && flags.textVisible) this.addText('\n', out);
      return;
    }
    if (hiddenByVisibility(style)) {
      // Not shown itself, but a descendant may set visibility:visible again.
      this.children(el, out, flags.textVisible ? { ...flags, textVisible: false } : flags);
      if (block) this.flush();
      return;
    }
    if (tag === 'iframe' || tag === 'frame') {
      const role = 'iframe';
      this.emit({ id: idFor(el), role, name: accessibleName(el, role, this.styleOf, this.labels, true), actionable: false, enabled: true, frame: true, selector_hint: this.hints.hint(el), children: [] }, out);
      return;
    }
    if (el.namespaceURI === SVG_NS) {
      this.svg(el, tag, style, out, flags);
      return;
    }

    let role = roleOf(el);
    const control = tag === 'label' ? (el as HTMLLabelElement).control : null;
    // A label names its control when the control is shown; it stands in for a hidden one (below),
    // unless a custom control replaces that field and takes the label's words as its name: then,
    // and for a field hidden from users, the label is page text like any other.
    let labelNamesControl = false;
    if (control !== null) {
      const rendered = this.controlShows(control);
      if (rendered) labelNamesControl = control.getAttribute('aria-hidden') !== 'true';
      else if (customControlFor(control, this.styleOf) === null && this.labelProxy(el as HTMLLabelElement, control, out, flags)) return;
    }
    const ariaDisabled = flags.ariaDisabled || el.getAttribute('aria-disabled') === 'true';
    const enabled = !ariaDisabled && !nativelyDisabled(el);
    const editingHost = role === 'generic' && isEditingHost(el);
    const listened = this.listened.has(el);
    if (!flags.foldPassive && !editingHost && CLICKABLE_BASE_ROLES.has(role) && tag !== 'body' && tag !== 'html' && tag !== 'label') {
      const own = listened || clickableByMarkup(el, style.cursor, flags.cursor);
      if (own || (flags.items && block)) {
        this.clickable(el, style, block, enabled, ariaDisabled, out, flags, !own, listened && delegatesToItems(el, this.listened));
        return;
      }
    }
    const interactiveKind = INTERACTIVE_ROLES.has(role) || nativelyActionable(el);
    if (editingHost) role = 'textbox';
    // An editor's hidden input (a 0×0 textarea, page/editor.ts) is listed: typing reaches the editor through it.
    const sized = !interactiveKind || this.hasSize(el) || (role === 'textbox' && editorSurface(el) !== null);
    // Any other control with no size in a box that clips it to nothing is not shown, nor is its content.
    if (!sized && clippedToNothing(el)) {
      if (block) this.flush();
      return;
    }
    const actionable = interactiveKind && enabled && sized;
    const generic = GENERIC_ROLES.has(role) || WRAPPER_ROLES.has(role);
    const ownTextIsAName = tag === 'label' ? labelNamesControl : suppressesOwnText(el);

    let keep: boolean;
    let name = '';
    let named = false;
    if (actionable) keep = true;
    else if (flags.foldPassive || ownTextIsAName) keep = false;
    else if (generic) {
      name = this.name(el, role);
      named = true;
      role = finalRole(role, name);
      keep = name !== '' && (!this.interactive || CONTEXT_ROLES.has(role));
    } else keep = !this.interactive || CONTEXT_ROLES.has(role);

    const childFlags: Flags = {
      suppressText: flags.suppressText || ownTextIsAName, foldPassive: flags.foldPassive, textVisible: true, textStyle: style, ariaDisabled, cursor: style.cursor,
      items: listened && !flags.foldPassive && delegatesToItems(el, this.listened),
    };
    if (!keep) {
      this.children(el, out, childFlags);
      if (block) this.flush();
      return;
    }

    if (!named) name = this.name(el, role);
    const node: RawNode = { id: idFor(el), role, name, actionable, enabled, children: [] };
    this.facts(el, role, enabled, node);
    if (actionable) {
      node.selector_hint = this.hints.hint(el);
      // A nameless control (an editor toolbar's icon button) is told apart by what its icon shows.
      if (name === '') this.hint(el, node);
    }
    if (this.emit(node, out) === null) return;
    // A nameless control's content is its icon: parts of it (an SVG shape with a pointer cursor) are no lines.
    if (LEAF_NAME_ROLES.has(role) && (name !== '' || actionable)) {
      childFlags.suppressText = true;
      childFlags.foldPassive = true;
    } else if (CONTAINER_NAME_ROLES.has(role) && name !== '' && el.childElementCount === 0) {
      childFlags.suppressText = true;
    } else if (tag === 'input' || tag === 'textarea' || tag === 'select') {
      // A field's content is its value; a <select>'s options still come through as option nodes.
      childFlags.suppressText = true;
    }
    this.children(el, node.children, childFlags);
    this.flush();
    if (name === '' && TEXT_NAMED_CELLS.has(role) && node.children.length === 1) this.nameByText(node);
  }

  /**
   * Name from content for a cell whose content was one run of text in passive wrappers (antd's
   * `<td><div>14</div></td>`): that run is its name, as the browsers name it, and no line of its own.
   * A cell holding a control or a block of lines is still named by nothing: its children speak.
   */
  private nameByText(node: RawNode): void {
    const only = node.children[0]!;
    const child = this.nodes[only];
    if (child?.role !== 'text' || only !== this.nodes.length - 1 || child.text === undefined) return;
    node.name = child.text;
    node.children = [];
    delete node.hint;
    this.nodes.length = only;
  }

  /**
   * An element that is clickable only by a listener, `onclick`, `tabindex` or a pointer cursor. Its
   * subtree is walked first: when it holds an actionable node of its own (a wrapper around a link or
   * button, a list that delegates its items' clicks), the wrapper is not a second line and folds.
   * Otherwise it is one `clickable` line named by its text, its passive content dropped (the nodes
   * array only grew while walking it, so cutting it back removes exactly that subtree) — unless the
   * text is too long to be a name, when the content stays under it.
   *
   * An `item` (a child of a list whose handler is for its items, with no sign of its own) is the same
   * line; one too long to name is a region of the page rather than an item, and folds. A clickable
   * that `delegates` makes items of its own block children; when one of them took a line, it folds.
   */
  private clickable(el: Element, style: CSSStyleDeclaration, block: boolean, enabled: boolean, ariaDisabled: boolean, out: number[], flags: Flags, item: boolean, delegates: boolean): void {
    this.flush();
    const mark = this.nodes.length;
    const before = this.actionableCount;
    const unseen = this.unseenText;
    const kids: number[] = [];
    this.children(el, kids, { suppressText: flags.suppressText, foldPassive: false, textVisible: true, textStyle: style, ariaDisabled, cursor: style.cursor, items: delegates });
    this.flush();
    const holdsTarget = this.actionableCount > before || this.truncated;
    // Its rendered text, unless some of it was at font-size 0 (engines' innerText keeps that): then what shows.
    const shown = el.namespaceURI === SVG_NS ? svgName(el) : this.unseenText > unseen ? this.shownText(el) : undefined;
    const { name, long } = holdsTarget ? { name: '', long: false } : clickableName(el, flat, shown);
    if (holdsTarget || (item && long)) {
      for (const k of kids) out.push(k);
      if (block) this.flush();
      return;
    }
    const actionable = enabled && this.hasSize(el);
    if (!long) this.nodes.length = mark;
    const node: RawNode = { id: idFor(el), role: 'clickable', name, actionable, enabled, children: long ? kids : [] };
    if (name === '') this.hint(el, node);
    this.facts(el, 'clickable', enabled, node);
    if (actionable) node.selector_hint = this.hints.hint(el);
    this.emit(node, out);
  }

  /**
   * Whether a control is rendered with a box (hidden inputs behind custom widgets are not). A control in
   * a display:none subtree has no box, so its own style and size answer without an ancestor walk.
   */
  private controlShows(control: Element): boolean {
    const style = this.styleOf(control);
    this.early.set(control, style);
    return style.display !== 'none' && !hiddenByVisibility(style) && this.hasSize(control);
  }

  /**
   * A label whose control is not rendered (the usual custom-checkbox pattern: a hidden input and a
   * styled label) stands in for the control: clicking the label is how a user operates it.
   */
  private labelProxy(label: HTMLLabelElement, control: HTMLElement, out: number[], flags: Flags): boolean {
    const role = roleOf(control);
    if (GENERIC_ROLES.has(role)) return false;
    const enabled = !flags.ariaDisabled && isEnabled(control);
    const actionable = enabled && this.hasSize(label);
    if (this.interactive && !actionable) return false;
    if (flags.foldPassive && !actionable) return false;
    // The library names hidden controls "" (accname 2A), so name it as if shown, else by the label's text.
    const name = accessibleName(control, role, this.styleOf, this.labels, true) || flat(label.textContent ?? '');
    const node: RawNode = { id: idFor(label), role, name, actionable, enabled, children: [] };
    const states = statesOf(control, role, enabled, this.focused);
    if (states) node.states = states;
    if (actionable) node.selector_hint = this.hints.hint(label);
    if (this.emit(node, out) === null) return true;
    // Other content of the label (a "terms" link in "I accept the terms") is still reachable.
    this.children(label, node.children, { ...flags, suppressText: true, foldPassive: true, textVisible: true, textStyle: null, items: false });
    this.flush();
    return true;
  }

  private name(el: Element, role: string): string {
    // A row's or a container cell's content-derived name would repeat its children.
    if (CONTAINER_NAME_ROLES.has(role) && (role === 'row' || el.childElementCount !== 0) &&
      !el.hasAttribute('aria-label') && !el.hasAttribute('aria-labelledby')) return '';
    return accessibleName(el, role, this.styleOf, this.labels, true);
  }

  private facts(el: Element, role: string, enabled: boolean, node: RawNode): void {
    const states = statesOf(el, role, enabled, this.focused);
    if (states) node.states = states;
    const value = valueOf(el, role, this.valueChars);
    if (value !== undefined) node.value = value;
    if (el.localName === 'input') {
      const format = formatOf(el);
      if (format !== undefined) node.format = format;
    }
    const level = levelOf(el, role);
    if (level !== undefined) node.level = level;
    if (this.base === undefined && (el.localName === 'a' || el.localName === 'area')) this.base = pathBase(el.ownerDocument);
    const href = hrefOf(el, this.base ?? null);
    if (href !== undefined) node.href = href;
  }

  private hint(el: Element, node: RawNode): void {
    const hint = clickableHint(el);
    if (hint) node.hint = hint;
  }

  /**
   * The text a person sees in `el`: its text nodes, less those under `font-size: 0` and in subtrees not
   * shown. Asked only for a clickable whose walk left some text out, so the common case keeps innerText.
   */
  private shownText(el: Element): string {
    let text = '';
    const visit = (parent: Element): void => {
      const style = this.styleOf(parent);
      const own = style.fontSize !== '0px' && !hiddenByVisibility(style);
      for (let n = parent.firstChild; n; n = n.nextSibling) {
        if (n.nodeType === 3) {
          if (own) text += (n as Text).data;
        } else if (n.nodeType === 1 && !prunedByMarkup(n as Element) && (n as Element).localName !== 'desc' && this.styleOf(n as Element).display !== 'none') {
          visit(n as Element);
          text += ' ';
        }
      }
    };
    visit(el);
    return flat(text);
  }

  /**
   * SVG drawn content. A named `<svg>` is one img node (full mode); inside any svg, the elements a
   * person reads or presses are listed as the HTML walk lists them: `<text>` as text runs, a control
   * (an explicit interactive role, a link) by its role, and an element clickable by its listener,
   * `onclick`, `tabindex` or cursor (a pie menu's slices and titles) as a `clickable` named by its text.
   * Definitions and metadata are never walked; the drawing's shapes give no line of their own.
   */
  private svg(el: Element, tag: string, style: CSSStyleDeclaration, out: number[], flags: Flags): void {
    if (flags.foldPassive || SVG_UNSHOWN.has(tag)) return;
    const explicit = el.getAttribute('role');
    const ariaDisabled = flags.ariaDisabled || el.getAttribute('aria-disabled') === 'true';
    const childFlags: Flags = { ...flags, textVisible: true, textStyle: style, ariaDisabled, cursor: style.cursor, items: false };
    if (tag === 'foreignObject') {
      this.children(el, out, childFlags);
      return;
    }
    const role = explicit !== null && INTERACTIVE_ROLES.has(explicit) ? explicit
      : tag === 'a' && (el.hasAttribute('href') || el.hasAttribute('xlink:href')) ? 'link' : '';
    if (role !== '') {
      this.flush();
      const actionable = !ariaDisabled && this.hasSize(el);
      const node: RawNode = { id: idFor(el), role, name: svgName(el), actionable, enabled: !ariaDisabled, children: [] };
      if (node.name === '') this.hint(el, node);
      if (actionable) node.selector_hint = this.hints.hint(el);
      this.emit(node, out);
      return;
    }
    if (this.listened.has(el) || clickableByMarkup(el, style.cursor, flags.cursor)) {
      this.clickable(el, style, true, !ariaDisabled, ariaDisabled, out, flags, false, false);
      return;
    }
    if (tag === 'svg') {
      const name = accessibleName(el, 'img', this.styleOf);
      if (name && explicit !== 'none' && explicit !== 'presentation') {
        // Its name says what the picture shows: inside it, only controls are worth a line.
        childFlags.suppressText = true;
        if (!this.interactive) {
          const node: RawNode = { id: idFor(el), role: explicit || 'img', name, actionable: false, enabled: true, selector_hint: this.hints.hint(el), children: [] };
          if (this.emit(node, out) === null) return;
          this.children(el, node.children, childFlags);
          this.flush();
          return;
        }
      }
    }
    // A <text> is a run of its own, as a block is.
    if (tag === 'text') this.flush();
    this.children(el, out, childFlags);
    if (tag === 'text') this.flush();
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Cells named by their content when it is one run of text (a row would only repeat its cells). */
const TEXT_NAMED_CELLS = new Set(['cell', 'gridcell', 'columnheader', 'rowheader']);
const WORD = /\S/;
/** SVG elements that draw nothing where they stand (definitions, metadata; `title` is pruned by markup). */
const SVG_UNSHOWN = new Set([
  'defs', 'desc', 'metadata', 'clipPath', 'mask', 'symbol', 'marker', 'pattern', 'linearGradient', 'radialGradient', 'filter',
]);
const MAX_SVG_NAME = 100;

/** An SVG element's name: its aria-label, its own `<title>`, else the words of its `<text>`s. */
function svgName(el: Element): string {
  const label = flat(el.getAttribute('aria-label') ?? '');
  if (label) return label;
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    if (c.localName === 'title') {
      const t = flat(c.textContent ?? '');
      if (t) return t;
    }
  }
  if (el.localName === 'text') return flat(el.textContent ?? '');
  const texts = el.getElementsByTagName('text');
  let s = '';
  for (let i = 0; i < texts.length && s.length <= MAX_SVG_NAME; i++) s += ` ${texts[i]!.textContent ?? ''}`;
  return flat(s);
}

/**
 * Legends and captions whose text already names a fieldset, table or figure (a label with a control
 * does too; the walk checks that where it already has the control).
 */
function suppressesOwnText(el: Element): boolean {
  switch (el.localName) {
    case 'legend':
      return el.parentElement?.localName === 'fieldset';
    case 'caption':
      return el.parentElement?.localName === 'table';
    case 'figcaption':
      return el.parentElement?.localName === 'figure';
    default:
      return false;
  }
}

/** The walk itself, as RawNodes. */
export function snapshotFrame(opts: Partial<SnapshotOptions> | null | undefined): FrameSnapshot {
  const max = typeof opts?.maxNodes === 'number' && opts.maxNodes >= 1 ? Math.floor(opts.maxNodes) : DEFAULT_MAX_NODES;
  const valueChars = typeof opts?.valueChars === 'number' && opts.valueChars >= 1 ? Math.min(Math.floor(opts.valueChars), MAX_VALUE_CHARS) : MAX_VALUE;
  const walk = new Walk(max, opts?.mode === 'interactive', valueChars);
  const title = flat(document.title ?? '');
  walk.nodes.push({ role: 'document', name: title, actionable: false, enabled: true, children: [] });
  const root = document.documentElement;
  if (root) walk.children(root, walk.nodes[0]!.children, ROOT_FLAGS);
  walk.flush();
  // After the walk, from the registry: the walk's own code paths stay as they are without boxes.
  if (opts?.boxes === true) {
    for (const node of walk.nodes) {
      const el = node.id === undefined ? null : elementById(node.id);
      if (el === null) continue;
      const r = P.rect(el);
      node.box = [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
    }
  }
  return { doc: DOC, url: location.href, title, nodes: walk.nodes, truncated: walk.truncated };
}

/** The `snapshot` op: the walk in the wire format (../wire.ts), deflated when large. */
export async function snapshot(opts: Partial<SnapshotOptions> | null | undefined): Promise<FrameWire> {
  if (walker) {
    try {
      return await walkInPage(walker, opts);
    } catch {
      // The page broke its own realm under the walker (a prototype getter that throws): walk here,
      // through our Xrays, so a page can slow its snapshot down but never take it away.
    }
  }
  const origin = location.origin;
  return pack(encodeFrame(snapshotFrame(opts), origin && origin !== 'null' ? origin : ''));
}
