import { METHODS, type ErrorEnvelope, type MethodName, type ResultOf } from '@browser-provider/protocol';
import type { CallOptions, ProviderClient } from '../client';

/** An assertion that did not hold: the provider answered, but not what the protocol demands. */
export class ScenarioFailure extends Error {
  override readonly name = 'ScenarioFailure';
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ScenarioFailure(message);
}

export interface OpenPage {
  session_id: string;
  page_id: string;
}

export type ScenarioId =
  | '01-provider-describe'
  | '02-provider-status'
  | '03-session-ensure'
  | '04-page-open'
  | '05-page-snapshot'
  | '06-page-click'
  | '07-page-type'
  | '08-page-wait'
  | '09-page-screenshot'
  | '10-session-close'
  | 'e01-covered-button'
  | 'e02-disabled-button'
  | 'e03-rerendered-list'
  | 'e04-previous-document'
  | 'e05-ambiguous-text'
  | 'e06-file-input'
  | 'e07-slow-navigation'
  | 'e08-hung-page'
  | 'o01-page-go-back'
  | 'o02-page-go-forward'
  | 'o03-page-reload'
  | 'o04-page-scroll'
  | 'o05-page-eval'
  | 'o06-console-list'
  | 'o07-network-list'
  | 'o08-cookie-list'
  | 'o09-storage-get'
  | 'o10-upload-set-files'
  | 'o11-download-wait'
  | 'o12-download-list'
  | 'o13-dialog-handle'
  | 'o14-events-subscribe'
  | 'o15-popup-adopted'
  | 'o16-provider-setup-guide'
  | 'o17-provider-verify'
  | 's01-spoofed-hit-test'
  | 's02-covering-iframe'
  | 's03-fake-user-agent'
  | 's04-cross-session'
  | 's05-gated-methods'
  | 's06-spoofed-realm'
  | 's07-scope-forgery'
  | 's08-close-stops-calls';

/**
 * `core`: the draft's 10 minimal scenarios, the only ones the certification tier counts.
 * `errors`: how the provider fails — classified, repairable, with nothing dispatched — reported
 * beside the tier as "errors n/8" (see tier.ts).
 * `optional`: one scenario per optional (or namespaced) method, reported beside the tier as
 * "optional n/17"; a method the provider does not offer fails its scenario, recorded in the expectations.
 * `security`: what a hostile page or another session can make the provider do (issue 13's attack
 * run, and issue 31's), reported beside the tier as "security n/8".
 */
export type ScenarioTier = 'core' | 'errors' | 'optional' | 'security';

export interface Scenario {
  id: ScenarioId;
  tier: ScenarioTier;
  /**
   * The method this scenario certifies (for error scenarios: the one whose failure it checks); optional
   * scenarios may name a namespaced method such as `dialog.handle`.
   */
  method: MethodName | `${string}.${string}`;
  title: string;
  /** Needs a working browser: skipped (not failed) when the provider reports it unavailable. */
  needsBrowser: boolean;
  run(ctx: ScenarioContext): Promise<void>;
}

/**
 * What a scenario gets: the client plus bookkeeping the runner relies on. Sessions made through
 * `ensureSession` are closed by the runner after the scenario, pass or fail, so one scenario's leftovers
 * never reach the next; `showPage` names the page the runner photographs for the report.
 */
export class ScenarioContext {
  readonly sessions = new Set<string>();
  page: OpenPage | undefined;
  readonly notes: string[] = [];

  constructor(
    readonly client: ProviderClient,
    readonly origin: string,
    readonly signal: AbortSignal,
    /** Makes client ids unique per run, so a reused provider never hands back an old session. */
    readonly tag: string,
  ) {}

  url(path: string): string {
    return new URL(path, this.origin).href;
  }

  /** Calls a core method and returns its schema-checked result; `ok:false` fails the scenario. */
  async ok<M extends MethodName>(method: M, params: Record<string, unknown>, options: CallOptions = {}): Promise<ResultOf<M>> {
    const response = await this.client.call(method, params, { signal: this.signal, ...options });
    if (!response.ok) {
      const { code, message, details } = response.error;
      const cause = typeof details.code === 'string' ? ` (${details.code})` : '';
      throw new ScenarioFailure(`${method} answered ${code}${cause}: ${message}`);
    }
    // The client already validated the result; parsing again gives the caller the typed value.
    return METHODS[method].result.parse(response.result) as ResultOf<M>;
  }

  /** Calls a method that must fail, and returns the error envelope. */
  async fails(method: string, params: Record<string, unknown>, options: CallOptions = {}): Promise<ErrorEnvelope> {
    const response = await this.client.call(method, params, { signal: this.signal, ...options });
    check(!response.ok, `${method} answered ok:true where an error was required`);
    return response;
  }

  async ensureSession(name: string): Promise<ResultOf<'session.ensure'>> {
    const session = await this.ok('session.ensure', { client_session_id: `${this.tag}-${name}` });
    this.sessions.add(session.session_id);
    return session;
  }

  /** A fresh session with the fixture page at `path` open in its default page. */
  async openFixture(name: string, path: string): Promise<OpenPage & { title: string | undefined; url: string }> {
    const session = await this.ensureSession(name);
    const opened = await this.ok('page.open', {
      session_id: session.session_id,
      page_id: session.default_page_id,
      url: this.url(path),
    });
    this.page = { session_id: session.session_id, page_id: opened.page_id };
    return { ...this.page, title: opened.title, url: opened.url };
  }

  snapshot(page: OpenPage): Promise<ResultOf<'page.snapshot'>> {
    return this.ok('page.snapshot', { ...page });
  }

  note(message: string): void {
    this.notes.push(message);
  }
}

type Elements = ResultOf<'page.snapshot'>['elements'];

/** Finds the one element with this role and accessible name; zero or several fail the scenario. */
export function findElement(elements: Elements, role: string, name: string): Elements[number] {
  const found = elements.filter((e) => e.role === role && e.name.trim() === name);
  const seen = elements.map((e) => `${e.role} "${e.name}"`).join(', ');
  const [first] = found;
  check(first && found.length === 1, `expected one ${role} named "${name}", found ${found.length} among [${seen}]`);
  return first;
}
