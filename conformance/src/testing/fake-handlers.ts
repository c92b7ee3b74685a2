import { CORE_METHODS, PROTOCOL_VERSION, type ParamsOf, type ResultOf } from '@browser-provider/protocol';
import { checkClick, checkType, resolveTarget, waitWhileBusy } from './fake-actions';
import { FakeError } from './fake-error';
import { FakePage } from './fake-page';
import { solidPng } from './fake-png';

export { FakeError };

interface FakeSession {
  id: string;
  pages: Map<string, FakePage>;
  /** Set by session.close: the session's calls still running stop and say so (s08). */
  closed?: boolean;
}

const VIEWPORT = { width: 64, height: 48 };

/**
 * An in-memory provider that implements the 10 core methods correctly, and fails the way the errors
 * tier demands, unless `broken` names a scenario: then exactly the behaviour that scenario certifies
 * goes wrong, in a way a real adapter could plausibly get wrong, and nothing else does (so the runner's
 * verdicts can be checked one by one). Error-tier breaks live in fake-actions.ts.
 */
export class FakeProvider {
  private readonly sessions = new Map<string, FakeSession>();
  private readonly byClientId = new Map<string, string>();
  private counter = 0;
  private rev = 0;

  constructor(
    private readonly broken: string | undefined,
    private readonly unavailable: boolean,
    private readonly emit: (event: string, payload: Record<string, unknown>) => void,
    private readonly options: { waitTimeoutAsResult?: boolean } = {},
  ) {}

  describe(): ResultOf<'provider.describe'> {
    const core = this.broken === '01-provider-describe' ? CORE_METHODS.filter((m) => m !== 'page.wait') : CORE_METHODS;
    return {
      provider_id: 'fake',
      provider_label: 'Fake provider (tests only)',
      provider_version: '0.0.0',
      protocol_version: PROTOCOL_VERSION,
      browser_families: ['fake'],
      transport: 'stdio-json',
      certification_tier: 'experimental',
      capabilities: {
        core_methods: [...core],
        optional_methods: [],
        // Broken: js_eval advertised on a server that has no eval to offer (s05).
        features: this.broken === 's05-gated-methods' ? ['element_refs', 'js_eval'] : ['element_refs'],
        custom_methods: [{ name: 'fake.sleep', description: 'Answers after params.ms milliseconds.', stability: 'experimental' }],
      },
      engine: { name: 'fake', automation: 'none', version: '1.0' },
    };
  }

  status(): ResultOf<'provider.status'> {
    if (this.unavailable) {
      return {
        availability: 'unavailable',
        browser_detected: false,
        browser_running: false,
        setup_state: 'required',
        requires_manual_setup: true,
        recommended_browser: 'fake',
        manual_steps: ['Install the fake browser'],
        diagnostics: [{ level: 'error', code: 'browser_missing', message: 'fake browser not found' }],
      };
    }
    return {
      availability: 'ready',
      browser_detected: this.broken !== '02-provider-status',
      browser_running: false,
      setup_state: 'complete',
      requires_manual_setup: false,
      recommended_browser: 'fake',
      manual_steps: [],
      diagnostics: [],
      browser_version: 'Fake 1.0',
      sessions: [...this.sessions.values()].filter((s) => s.closed !== true).length,
    };
  }

  ensure(p: ParamsOf<'session.ensure'>): ResultOf<'session.ensure'> {
    if (this.unavailable) throw new FakeError('browser_not_running', 'the fake browser is not installed');
    const known = p.client_session_id === undefined ? undefined : this.byClientId.get(p.client_session_id);
    const existing = known === undefined ? undefined : this.sessions.get(known);
    if (existing && this.broken !== '03-session-ensure') return this.sessionInfo(existing, true);
    const session: FakeSession = { id: `s${++this.counter}`, pages: new Map() };
    const pageId = `p${++this.counter}`;
    session.pages.set(pageId, new FakePage(pageId));
    this.sessions.set(session.id, session);
    if (p.client_session_id !== undefined) this.byClientId.set(p.client_session_id, session.id);
    return this.sessionInfo(session, false);
  }

  close(p: ParamsOf<'session.close'>): ResultOf<'session.close'> {
    const session = this.session(p.session_id);
    // Broken 10: the closed session still answers calls.
    if (this.broken !== '10-session-close') this.sessions.delete(p.session_id);
    // Broken s08: the close leaves the session's running calls to run to their deadline.
    if (this.broken !== 's08-close-stops-calls') session.closed = true;
    return { session_id: p.session_id, closed: true };
  }

  async open(p: ParamsOf<'page.open'>, signal: AbortSignal): Promise<ResultOf<'page.open'>> {
    const page = this.page(p);
    // Fetch for real, so a fixture server that is down (or slow) fails the way a browser would.
    // Broken e07: timeout_ms is ignored, so a slow server holds the call until it answers.
    // A controller and a timer, not AbortSignal.any with AbortSignal.timeout: Node 20 can collect that
    // timeout signal before it fires.
    const stop = new AbortController();
    const onAbort = () => stop.abort(signal.reason);
    if (signal.aborted) stop.abort(signal.reason);
    else signal.addEventListener('abort', onAbort, { once: true });
    const timer = p.timeout_ms === undefined || this.broken === 'e07-slow-navigation' ? undefined : setTimeout(() => stop.abort(new DOMException('timed out', 'TimeoutError')), p.timeout_ms);
    const repair = { method: 'page.wait', params: { navigation_complete: true }, hint: 'Wait for the page, then take a snapshot.' };
    const html = await fetch(p.url, { signal: stop.signal })
      .then(async (r) => ({ url: r.url, text: await r.text() }))
      .catch((e: unknown) => {
        const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
        throw new FakeError('navigation_timeout', `could not load ${p.url}: ${String(e)}`, { code: timedOut ? 'deadline' : 'net_error', repair }, true);
      })
      .finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      });
    const title = /<title>([^<]*)<\/title>/.exec(html.text)?.[1] ?? '';
    page.navigate(html.url || p.url, title);
    this.emit('page.navigated', { session_id: p.session_id, page_id: page.pageId, url: page.url });
    return { page_id: page.pageId, url: page.url, title: this.broken === '04-page-open' ? 'Untitled' : title };
  }

  async snapshot(p: ParamsOf<'page.snapshot'>, signal: AbortSignal): Promise<ResultOf<'page.snapshot'>> {
    const page = this.page(p);
    await waitWhileBusy(page, p.timeout_ms, this.broken, signal);
    // Broken: the scope is not looked up by ref at all (s07), so the answer is the whole page.
    return page.snapshot(++this.rev, this.broken !== '05-page-snapshot', this.broken === 's07-scope-forgery' ? undefined : p.scope);
  }

  async click(p: ParamsOf<'page.click'>, signal: AbortSignal): Promise<ResultOf<'page.click'>> {
    const page = this.page(p);
    await waitWhileBusy(page, p.timeout_ms, this.broken, signal);
    const element = resolveTarget(page, p, this.broken);
    checkClick(page, element, this.broken);
    // Broken 06: clicks on the core pages do nothing (the error pages, which use clicks as a tool, still work).
    if (this.broken !== '06-page-click' || page.model) page.click(element);
    return { page_id: page.pageId, clicked: true };
  }

  async type(p: ParamsOf<'page.type'>, signal: AbortSignal): Promise<ResultOf<'page.type'>> {
    const page = this.page(p);
    await waitWhileBusy(page, p.timeout_ms, this.broken, signal);
    const element = resolveTarget(page, p, this.broken);
    checkType(page, element, this.broken);
    if (this.broken !== '07-page-type') page.type(element, p.text, p.replace ?? true);
    return { page_id: page.pageId, typed: true };
  }

  async wait(p: ParamsOf<'page.wait'>, signal: AbortSignal): Promise<ResultOf<'page.wait'>> {
    const session = this.session(p.session_id);
    const page = this.page(p);
    await waitWhileBusy(page, p.timeout_ms, this.broken, signal);
    // Broken: a text_present wait claims success at once (waits for absence still work).
    if (this.broken === '08-page-wait' && p.text_present !== undefined) return { satisfied: true, url: page.url };
    const deadline = Date.now() + (p.timeout_ms ?? 5_000);
    for (;;) {
      const text = page.allText();
      if (p.text_present !== undefined && text.includes(p.text_present)) return { satisfied: true, matched_condition: 'text_present', url: page.url };
      if (p.text_absent !== undefined && !text.includes(p.text_absent)) return { satisfied: true, matched_condition: 'text_absent', url: page.url };
      if (p.text_present === undefined && p.text_absent === undefined) {
        // The fake's documents are complete once opened.
        if (p.navigation_complete === true) return { satisfied: true, matched_condition: 'navigation_complete', url: page.url };
        throw new FakeError('unsupported_target', 'the fake provider only waits for text');
      }
      if (Date.now() >= deadline) {
        // Both answers the draft allows: a result saying so (our core's choice) or a timeout error.
        if (this.options.waitTimeoutAsResult) return { satisfied: false, url: page.url };
        throw new FakeError('navigation_timeout', 'the condition did not hold in time', { code: 'wait_timeout' }, true);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
      signal.throwIfAborted();
      if (session.closed === true) {
        throw new FakeError('session_not_found', `session ${session.id} closed while page.wait ran`, {
          code: 'session_closed',
          outcome: 'not_done',
          repair: { method: 'session.ensure', params: {}, hint: 'Create a session.' },
        });
      }
    }
  }

  screenshot(p: ParamsOf<'page.screenshot'>): ResultOf<'page.screenshot'> {
    const page = this.page(p);
    const png = solidPng(VIEWPORT.width, VIEWPORT.height);
    const width = this.broken === '09-page-screenshot' ? VIEWPORT.width + 1 : VIEWPORT.width;
    return { page_id: page.pageId, image: png.toString('base64'), media_type: 'image/png', width, height: VIEWPORT.height };
  }

  private sessionInfo(s: FakeSession, reused: boolean): ResultOf<'session.ensure'> {
    const [defaultPage] = s.pages.keys();
    return {
      session_id: s.id,
      browser_family: 'fake',
      browser_label: 'Fake',
      attached_to_existing_browser: false,
      isolation: 'per_jcode_session',
      default_page_id: defaultPage ?? '',
      reused,
    };
  }

  private session(id: string): FakeSession {
    const s = this.sessions.get(id);
    if (!s) throw new FakeError('session_not_found', `no session ${id}`, { repair: { method: 'session.ensure', params: {}, hint: 'Create a session.' } });
    return s;
  }

  private page(p: { session_id: string; page_id?: string | undefined }): FakePage {
    const s = this.session(p.session_id);
    const page = p.page_id === undefined ? s.pages.values().next().value : s.pages.get(p.page_id);
    const foreign = p.page_id === undefined ? undefined : [...this.sessions.values()].find((o) => o.pages.has(p.page_id as string))?.pages.get(p.page_id);
    // Broken: a page is found by id wherever it lives (s04).
    if (!page && foreign && this.broken === 's04-cross-session') return foreign;
    if (!page && foreign) {
      throw new FakeError('permission_denied', `page ${p.page_id} belongs to another session`, {
        code: 'tab_leased',
        repair: { method: 'page.open', params: { session_id: s.id }, hint: 'Open a page of your own.' },
      });
    }
    if (!page) throw new FakeError('page_not_found', `no page ${p.page_id ?? '(default)'}`);
    return page;
  }
}
