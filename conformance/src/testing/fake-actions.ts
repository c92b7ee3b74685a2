import { ERROR_FIXTURE } from '../fixtures/error-pages';
import { SECURITY_FIXTURE } from '../fixtures/security-pages';
import { FakeError } from './fake-error';
import type { FakeElement } from './fake-error-pages';
import type { FakePage } from './fake-page';

/**
 * The fake's targeting and actionability, with the repairs a real provider gives. Each `broken`
 * value turns off exactly the safeguard its error scenario certifies, the way a careless adapter would.
 */

const snapshotRepair = (page: FakePage, hint: string) => ({ method: 'page.snapshot', params: { page_id: page.pageId }, hint });

interface TargetParams {
  element_ref?: string | undefined;
  text_query?: string | undefined;
}

export function resolveTarget(page: FakePage, p: TargetParams, broken: string | undefined): FakeElement {
  if (p.text_query !== undefined) {
    const found = page.query(p.text_query);
    const [first] = found;
    if (!first) throw new FakeError('element_not_found', `no element named ${p.text_query}`, { code: 'no_match', repair: snapshotRepair(page, 'Look again.') });
    // Broken: the first match wins silently.
    if (found.length > 1 && broken !== 'e05-ambiguous-text') {
      const candidates = found.map((e) => ({ element_ref: page.ref(e.key), role: e.role, name: e.name }));
      throw new FakeError('invalid_request', `${found.length} elements match`, {
        code: 'ambiguous',
        candidates,
        repair: { method: 'page.click', params: { element_ref: candidates[0]?.element_ref }, hint: 'Pick one candidate.' },
      });
    }
    return first;
  }
  const ref = p.element_ref;
  // Broken: a ref from an earlier render or document is re-bound to whatever now has its shape.
  const loose = broken === 'e03-rerendered-list' ? 'renders' : broken === 'e04-previous-document' ? 'documents' : undefined;
  const element = ref === undefined ? undefined : (page.find(ref) ?? (loose ? page.findLoose(ref, loose) : undefined));
  if (!element) {
    throw new FakeError('element_not_found', `no element ${ref ?? '(none)'}`, { code: 'stale_ref', repair: snapshotRepair(page, 'Take a fresh snapshot.') });
  }
  return element;
}

/** Refuses a click the page would not receive; nothing reaches the page unless a break says so. */
export function checkClick(page: FakePage, element: FakeElement, broken: string | undefined): void {
  // Broken: the hit test believes the page's lie (s01, or its realm: s06) or ignores a covering frame (s02), and clicks.
  const believesPage =
    (broken === 's01-spoofed-hit-test' && page.path === SECURITY_FIXTURE.spoof.path) ||
    (broken === 's02-covering-iframe' && page.path === SECURITY_FIXTURE.iframe.path) ||
    (broken === 's06-spoofed-realm' && page.path === SECURITY_FIXTURE.realm.path);
  if (element.cover !== undefined && !believesPage) {
    // Broken: the refusal is right, but the input was dispatched first.
    if (broken === 'e01-covered-button' && page.path === ERROR_FIXTURE.covered.path) page.model?.touch();
    throw new FakeError(
      'element_not_actionable',
      `covered by ${element.cover}`,
      { code: 'obscured', cover: element.cover, repair: snapshotRepair(page, 'Dismiss the cover first.') },
      true,
    );
  }
  // Broken: a "jsdom" user agent makes every box count as sized.
  if (element.noBox === true && broken !== 's03-fake-user-agent') {
    throw new FakeError('element_not_actionable', 'the element has no box', { code: 'not_visible', repair: snapshotRepair(page, 'Pick a visible element.') }, true);
  }
  if (element.enabled === false) {
    // Broken: classified, but with no way forward.
    throw new FakeError(
      'element_not_actionable',
      'the element is disabled',
      broken === 'e02-disabled-button' ? { code: 'disabled' } : { code: 'disabled', repair: snapshotRepair(page, 'Enable it first.') },
      true,
    );
  }
}

export function checkType(page: FakePage, element: FakeElement, broken: string | undefined): void {
  if (element.fileInput && broken !== 'e06-file-input') {
    throw new FakeError('element_not_actionable', 'this is a file input', {
      code: 'file_input',
      repair: { method: 'upload.set_files', params: { page_id: page.pageId, element_ref: page.ref(element.key), files: [] }, hint: 'Set its files.' },
    });
  }
}

/**
 * A page busy in script answers nothing until its loop ends: a call waits for that, bounded by its
 * timeout_ms (default 30 s), then answers not_ready. Broken: the call ignores its deadline.
 */
export async function waitWhileBusy(page: FakePage, timeoutMs: number | undefined, broken: string | undefined, signal: AbortSignal): Promise<void> {
  const busyUntil = page.model?.busyUntil ?? 0;
  if (Date.now() >= busyUntil) return;
  const deadline = broken === 'e08-hung-page' ? busyUntil : Math.min(busyUntil, Date.now() + (timeoutMs ?? 30_000));
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    signal.throwIfAborted();
  }
  if (Date.now() < busyUntil) {
    throw new FakeError(
      'not_ready',
      'the page did not answer in time',
      { code: 'outcome_unknown', repair: snapshotRepair(page, 'Check the page again later.') },
      true,
    );
  }
}
