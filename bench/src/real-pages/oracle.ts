import type { Page } from 'playwright-core';

/**
 * The judge of coverage, independent of both snapshots being judged: Chromium's own accessibility
 * tree (CDP `Accessibility.getFullAXTree`, the browser's computation, not Playwright's injected
 * script nor ours). A target is a link or button that the tree does not ignore, that has a name, and
 * whose element has a box with area (DOM.getBoxModel): what a person sees and can act on.
 */

export interface Target {
  role: 'link' | 'button';
  name: string;
}

interface AXNode {
  ignored: boolean;
  role?: { value?: string };
  name?: { value?: string };
  backendDOMNodeId?: number;
}

export async function visibleTargets(page: Page): Promise<Target[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const candidates = nodes.filter(
      (n) => !n.ignored && (n.role?.value === 'link' || n.role?.value === 'button') && (n.name?.value ?? '').trim() !== '' && n.backendDOMNodeId !== undefined,
    );
    const boxed = await Promise.all(
      candidates.map((n) =>
        cdp
          .send('DOM.getBoxModel', { backendNodeId: n.backendDOMNodeId as number })
          .then((b) => b.model.width > 0 && b.model.height > 0)
          .catch(() => false),
      ),
    );
    return candidates.filter((_, i) => boxed[i]).map((n) => ({ role: n.role?.value as Target['role'], name: flat(n.name?.value ?? '') }));
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * How many of `targets` a snapshot text lists: a target counts when its name appears quoted in the
 * text, as both notations write names; a name the oracle holds k times needs k quoted occurrences.
 * Roles are not matched (the two notations spell some differently); a heading that shares a link's
 * name can therefore stand in for it, in either snapshot alike.
 */
export function listed(text: string, targets: readonly Target[]): number {
  const want = new Map<string, number>();
  for (const t of targets) want.set(t.name, (want.get(t.name) ?? 0) + 1);
  let n = 0;
  for (const [name, k] of want) n += Math.min(k, occurrences(text, name));
  return n;
}

/** The names `listed` does not find, each as often as it falls short. */
export function missed(text: string, targets: readonly Target[]): string[] {
  const want = new Map<string, number>();
  for (const t of targets) want.set(t.name, (want.get(t.name) ?? 0) + 1);
  const out: string[] = [];
  for (const [name, k] of want) for (let i = occurrences(text, name); i < k; i++) out.push(name);
  return out;
}

function occurrences(text: string, name: string): number {
  // A snapshot may cut a very long name; the first 80 characters are what both keep.
  const needle = JSON.stringify(name.length > 80 ? name.slice(0, 80) : name).slice(0, name.length > 80 ? -1 : undefined);
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}
