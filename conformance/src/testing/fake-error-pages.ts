import { ERROR_FIXTURE } from '../fixtures/error-pages';
import { SECURITY_FIXTURE } from '../fixtures/security-pages';

const E = ERROR_FIXTURE;
const S = SECURITY_FIXTURE;

/** A control as the fake shows it; the optional facts are what the fake's actionability checks read. */
export interface FakeElement {
  key: string;
  role: string;
  name: string;
  actionable: boolean;
  value?: string;
  enabled?: boolean;
  /** Set when something covers the element: the description a real hit-test would give. */
  cover?: string;
  fileInput?: boolean;
  /** Set when the element has no box (zero size): a real hit test finds nothing to click. */
  noBox?: boolean;
}

/**
 * The errors tier's fixture pages, modelled by hand like the core ones in fake-page.ts: the same
 * constants as the HTML, and the effect each page's script would have. One instance per document.
 */
export class ErrorPageModel {
  status: string;
  renders = 1;
  /** When the hung page's busy loop ends (0: not busy). */
  busyUntil = 0;

  constructor(readonly path: string) {
    this.status = path === E.rerender.path ? E.rerender.noneActivated : path === E.ambiguous.path ? E.ambiguous.nothing : E.untouched;
  }

  static handles(path: string): boolean {
    return [E.covered, E.disabled, E.rerender, E.docA, E.docB, E.ambiguous, E.upload, E.slow, E.hung, S.spoof, S.iframe, S.realm, S.fakeUa, S.forgery].some((p) => p.path === path);
  }

  elements(): FakeElement[] {
    const button = (key: string, name: string, extra: Partial<FakeElement> = {}): FakeElement => ({ key, role: 'button', name, actionable: true, ...extra });
    switch (this.path) {
      case E.covered.path:
        return [button('subscribe', E.covered.button, { cover: `div#${E.covered.overlayId} "${E.covered.overlay}"` })];
      case E.disabled.path:
        return [button('save', E.disabled.button, { enabled: false, actionable: false })];
      case E.rerender.path:
        // Keys carry the render number: a re-render makes new nodes, so new refs.
        return [...E.rerender.items.map((name, i) => button(`item${this.renders}-${i}`, name)), button('rerender', E.rerender.rerender)];
      case E.docA.path:
      case E.docB.path:
        return [button('go', E.docA.button)];
      case E.ambiguous.path:
        return E.ambiguous.rows.map((row) => button(`delete-${row}`, E.ambiguous.button));
      case E.upload.path:
        return [button('file', E.upload.label, { fileInput: true })];
      case E.hung.path:
        return [button('freeze', E.hung.button)];
      // The security pages: the fake's hit test is its own, so the pages' lies do not reach it.
      case S.spoof.path:
        return [button('target', S.spoof.button, { cover: `div#${S.spoof.overlayId}` })];
      case S.iframe.path:
        return [button('target', S.iframe.button, { cover: 'iframe#frame "ad" (another origin)' })];
      case S.realm.path:
        return [button('target', S.realm.button, { cover: `div#${S.realm.overlayId}` })];
      case S.fakeUa.path:
        return [button('visible', S.fakeUa.visible), button('zero', S.fakeUa.hidden, { actionable: false, noBox: true })];
      // The fake prints no page text, so there is nothing to forge; the region holds what follows it.
      case S.forgery.path:
        return [{ key: 'account', role: 'region', name: S.forgery.region, actionable: false }, button('save', S.forgery.button)];
      default:
        return [];
    }
  }

  texts(): string[] {
    const title = [E.covered, E.disabled, E.rerender, E.ambiguous, E.upload, E.slow, E.hung, S.spoof, S.iframe, S.realm, S.fakeUa, S.forgery].find((p) => p.path === this.path)?.title ?? 'Document';
    if (this.path === E.rerender.path) return [title, `${E.rerender.renderedPrefix}${this.renders}`, this.status];
    if (this.path === E.upload.path || this.path === E.slow.path) return [title];
    if (this.path === E.hung.path) return [title, 'Responsive'];
    return [title, this.status];
  }

  /** Input reached the document: what the capture listeners of the guarded pages do. */
  touch(): void {
    if (this.status === E.untouched) this.status = E.touched;
  }

  click(element: FakeElement): void {
    this.touch();
    if (element.key === 'rerender') this.renders++;
    else if (element.key.startsWith('item')) this.status = `${E.rerender.activatedPrefix}${element.name}`;
    else if (element.key.startsWith('delete-')) this.status = `${E.ambiguous.deletedPrefix}${element.key.slice('delete-'.length)}`;
    else if (element.key === 'go' && this.path === E.docB.path) this.status = E.docB.activated;
    else if (element.key === 'subscribe') this.status = E.covered.activated;
    else if (element.key === 'freeze') this.busyUntil = Date.now() + E.hung.busyMs;
  }

  /** Where a ref-by-position bug would land: the same key, ignoring the render number. */
  loose(key: string): FakeElement | undefined {
    const norm = (k: string) => k.replace(/^item\d+-/, 'item-');
    return this.elements().find((e) => norm(e.key) === norm(key));
  }
}
