import { SNAPSHOT_FORMAT, type ResultOf, type SnapshotNode } from '@browser-provider/protocol';
import { FIXTURE } from '../fixtures/pages';
import { ErrorPageModel, type FakeElement } from './fake-error-pages';

/**
 * What a browser would show for each fixture page, modelled by hand: the fake provider never runs the
 * pages' scripts, it knows their effect. The model is keyed by path and uses the same constants as
 * the HTML, so a scenario that passes against the fake asserts on the fixture's real strings.
 */
export class FakePage {
  url = 'about:blank';
  title = '';
  /** The document's path, which the fake's pages are keyed by. */
  path = '';
  private openedAt = 0;
  private navigation = 0;
  private pressed = false;
  private typed = '';
  /** The errors tier's pages live in their own model; undefined on the core pages. */
  model: ErrorPageModel | undefined;

  constructor(readonly pageId: string) {}

  navigate(url: string, title: string): void {
    this.url = url;
    this.title = title;
    this.path = new URL(url).pathname;
    this.openedAt = Date.now();
    this.navigation++;
    this.pressed = false;
    this.typed = '';
    this.model = ErrorPageModel.handles(this.path) ? new ErrorPageModel(this.path) : undefined;
  }

  /** Refs carry the navigation number, so a ref from an earlier document never matches again. */
  ref(key: string): string {
    return `${this.pageId}.n${this.navigation}.${key}`;
  }

  elements(): FakeElement[] {
    if (this.model) return this.model.elements();
    const { home, form } = FIXTURE;
    if (this.path === home.path) {
      return [
        { key: 'link', role: 'link', name: home.link, actionable: true },
        { key: 'button', role: 'button', name: home.button, actionable: true },
      ];
    }
    if (this.path === form.path) return [{ key: 'name', role: 'textbox', name: form.inputLabel, actionable: true, value: this.typed }];
    return [];
  }

  /** Visible text, in document order, apart from the controls. */
  texts(): string[] {
    if (this.model) return this.model.texts();
    const { home, form, delayed } = FIXTURE;
    if (this.path === home.path) return [home.heading, this.pressed ? home.statusAfter : home.statusBefore];
    if (this.path === form.path) return [form.heading, ...(this.typed ? [`${form.echoPrefix}${this.typed}`] : [])];
    if (this.path === delayed.path) {
      return [delayed.heading, Date.now() - this.openedAt >= delayed.delayMs ? delayed.after : delayed.before];
    }
    return [];
  }

  find(ref: string): FakeElement | undefined {
    return this.elements().find((e) => this.ref(e.key) === ref);
  }

  /**
   * A buggy lookup by shape, for the fake's broken variants: `renders` ignores which render of the
   * list the ref came from, `documents` ignores which document.
   */
  findLoose(ref: string, ignore: 'renders' | 'documents'): FakeElement | undefined {
    const [, nav, ...rest] = ref.split('.');
    const key = rest.join('.');
    if (ignore === 'documents') return this.elements().find((e) => e.key === key);
    return nav === `n${this.navigation}` ? this.model?.loose(key) : undefined;
  }

  /** Elements whose accessible name is `text` (trimmed, any case), as a text_query finds them. */
  query(text: string): FakeElement[] {
    const wanted = text.trim().toLowerCase();
    return this.elements().filter((e) => e.name.trim().toLowerCase() === wanted);
  }

  click(element: FakeElement): void {
    if (this.model) this.model.click(element);
    else if (element.key === 'button') this.pressed = true;
  }

  type(element: FakeElement, text: string, replace: boolean): void {
    if (element.key === 'name') this.typed = replace ? text : this.typed + text;
  }

  allText(): string {
    return [...this.texts(), ...this.elements().map((e) => e.name)].join('\n');
  }

  /** `scope`: the element with that ref and the elements after it (the fake's one container, a region, holds what follows it). */
  snapshot(rev: number, outlineControls: boolean, scope?: string): ResultOf<'page.snapshot'> {
    const whole = this.snapshot1(rev, outlineControls);
    if (scope === undefined) return whole;
    const at = whole.snapshot.nodes.findIndex((n) => n.element_ref === scope);
    const nodes = at < 0 ? [] : whole.snapshot.nodes.slice(at).filter((n) => n.element_ref !== undefined);
    const refs = new Set(nodes.map((n) => n.element_ref));
    return {
      ...whole,
      snapshot: { ...whole.snapshot, root: { ...whole.snapshot.root, children: nodes.slice(0, 1).map((n) => n.node_id) }, nodes },
      elements: whole.elements.filter((e) => refs.has(e.element_ref)),
      text: whole.text.split('\n').filter((l) => [...refs].some((r) => l.includes(`[ref=${r}]`))).join('\n'),
    };
  }

  private snapshot1(rev: number, outlineControls: boolean): ResultOf<'page.snapshot'> {
    const [heading, ...rest] = this.texts();
    const nodes: SnapshotNode[] = [];
    if (heading !== undefined) nodes.push({ node_id: 'n1', role: 'heading', name: heading, text: heading, level: 1 });
    for (const e of this.elements()) {
      nodes.push({
        node_id: `n${nodes.length + 1}`,
        role: e.role,
        name: e.name,
        element_ref: this.ref(e.key),
        actionable: e.actionable,
        enabled: e.enabled ?? true,
        ...(e.value === undefined ? {} : { value: e.value }),
      });
    }
    for (const t of rest) nodes.push({ node_id: `n${nodes.length + 1}`, role: 'paragraph', name: '', text: t });
    const elements = this.elements().map((e) => ({
      element_ref: this.ref(e.key),
      role: e.role,
      name: e.name,
      text: e.role === 'textbox' ? '' : e.name,
      actionable: e.actionable,
      enabled: e.enabled ?? true,
    }));
    const outline = nodes
      .filter((n) => outlineControls || n.element_ref === undefined || n.role === 'heading')
      .map((n) => (n.element_ref ? `- ${n.role} "${n.name}" [ref=${n.element_ref}]` : `- ${n.role} ${n.name || n.text || ''}`));
    return {
      page_id: this.pageId,
      url: this.url,
      title: this.title,
      rev,
      snapshot: {
        format: SNAPSHOT_FORMAT,
        root: { node_id: 'n0', role: 'document', name: this.title, children: nodes.map((n) => n.node_id) },
        nodes,
      },
      elements,
      text: outline.join('\n'),
    };
  }
}
