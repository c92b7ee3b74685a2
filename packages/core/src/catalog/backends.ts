import { defineError } from './entry';

/**
 * Errors an engine package raises itself (launching, attaching, a Grid, the page script's realm), through
 * the toolkit's `raise` with these entries, so docs/errors.md names every (code, detail) a client can meet
 * and the answer is the one documented.
 */

/** What a person must do once on the machine: details.manual_steps says it, provider.status checks it. */
const SETUP = {
  method: 'provider.status' as const,
  build: () => ({ params: {}, hint: 'Follow details.manual_steps, then check provider.status.' }),
  mcp: () => ({ calls: [{ tool: 'browser_status' }], hint: 'The browser is not set up on the server; its operator must follow the setup steps the status gives.' }),
};

export const browser_missing = defineError({
  code: 'setup_required',
  detail: 'browser_missing',
  retryable: false,
  when: 'The browser (Firefox, Chrome/Chromium and chromedriver, WebKitGTK MiniBrowser) is not installed where the provider looks; details.manual_steps says how to install it.',
  repair: SETUP,
  example: undefined,
});

export const driver_missing = defineError({
  code: 'setup_required',
  detail: 'driver_missing',
  retryable: false,
  when: "WebKit's WebDriver (WebKitWebDriver on Linux, safaridriver on macOS) is not installed; details.manual_steps says how to install it.",
  repair: SETUP,
  example: undefined,
});

export const xvfb_missing = defineError({
  code: 'setup_required',
  detail: 'xvfb_missing',
  retryable: false,
  when: 'WebKitGTK on Linux with no X display and no Xvfb to make one (MiniBrowser needs a display); details.manual_steps says what to install.',
  repair: SETUP,
  example: undefined,
});

export const remote_automation_disabled = defineError({
  code: 'setup_required',
  detail: 'remote_automation_disabled',
  retryable: false,
  when: "Safari on macOS refused automation: safaridriver is not enabled, or Develop ▸ Allow Remote Automation is off; details.manual_steps says what to turn on.",
  repair: SETUP,
  example: undefined,
});

export const launch_failed = defineError({
  code: 'browser_not_running',
  detail: 'launch_failed',
  retryable: true,
  when: 'The browser or its driver was found but did not start; the message carries why.',
  example: undefined,
});

export const connect_failed = defineError({
  code: 'browser_not_running',
  detail: 'connect_failed',
  retryable: true,
  when: "The WebDriver BiDi endpoint of a started or attached browser could not be reached.",
  example: undefined,
});

export const attach_not_configured = defineError({
  code: 'setup_required',
  detail: 'attach_not_configured',
  retryable: false,
  when: 'session.ensure with attach "require" where no endpoint of a running browser is configured; details.manual_steps says how to start one to attach to.',
  example: undefined,
});

export const attach_unsupported = defineError({
  code: 'unsupported_target',
  detail: 'attach_unsupported',
  retryable: false,
  when: 'session.ensure with attach "require" on an engine or source that cannot attach (classic WebDriver, a Grid); the repair lets the provider start the browser.',
  repair: {
    method: 'session.ensure',
    build: () => ({ params: { attach: 'never' }, hint: 'Let the provider start its own browser.' }),
    mcp: () => ({ calls: [], hint: 'This server cannot attach to a running browser; let it start its own.' }),
  },
  example: undefined,
});

export const attached_browser = defineError({
  code: 'permission_denied',
  detail: 'attached_browser',
  retryable: false,
  when: 'Installing an extension into a browser the provider attached to rather than launched.',
  repair: {
    method: 'provider.describe',
    build: () => ({ params: {}, hint: 'Install the extension in that browser yourself, or use a browser this provider launches.' }),
    mcp: () => ({ calls: [], hint: 'Install the extension in that browser yourself, or use a browser this server launches.' }),
  },
  example: undefined,
});

export const cookie_domain = defineError<{ domain: string }>({
  code: 'unsupported_target',
  detail: 'cookie_domain',
  retryable: false,
  when: 'cookie.set on classic WebDriver with a cookie for a domain other than the current document\'s (details.domain); the repair opens a page of that domain.',
  repair: {
    method: 'page.open',
    build: (a) => ({ params: { url: `https://${a.domain.replace(/^\./, '')}/` }, hint: 'Open a page of that domain first, then set its cookie.' }),
    mcp: (e) => ({ calls: [{ tool: 'browser_navigate', args: { url: String(e.params.url ?? '') } }], hint: 'Open a page of that domain first, then set its cookie.' }),
  },
  example: { domain: '.example.com' },
});

export const page_script_unavailable = defineError({
  code: 'internal_error',
  detail: 'page_script_unavailable',
  retryable: false,
  when: 'The page script could not be loaded to inject into a page (a broken install).',
  example: undefined,
});

export const script_exception = defineError({
  code: 'internal_error',
  detail: 'script_exception',
  retryable: false,
  when: "The provider's own script threw in the page; the message carries the page's exception text.",
  example: undefined,
});

const GRID_HINT = 'Check the Grid (its nodes and their slots); provider.status shows what it reports.';

export const grid_unreachable = defineError({
  code: 'browser_not_running',
  detail: 'grid_unreachable',
  retryable: true,
  when: 'The Selenium Grid at --grid-url cannot be reached; details.manual_steps says how to start it.',
  repair: { method: 'provider.status', build: () => ({ params: {}, hint: GRID_HINT }), mcp: () => ({ calls: [], hint: 'The Selenium Grid this server uses cannot be reached; its operator must start it.' }) },
  example: undefined,
});

export const grid_queue_timeout = defineError({
  code: 'not_ready',
  detail: 'grid_queue_timeout',
  retryable: true,
  when: "Every matching slot of the Grid stayed busy until the request's time in its queue ran out (details.queued_ms).",
  repair: {
    method: 'session.ensure',
    build: () => ({ params: {}, hint: 'Close a session you no longer need (session.close), or retry later; provider.status shows the slots in use.' }),
    mcp: () => ({ calls: [], hint: 'Every browser of the Grid is busy; close a session you no longer need, or try again later.' }),
  },
  example: undefined,
});

export const grid_no_matching_node = defineError({
  code: 'setup_required',
  detail: 'grid_no_matching_node',
  retryable: false,
  when: 'No node of the Grid offers a browser matching the request.',
  repair: { method: 'provider.status', build: () => ({ params: {}, hint: GRID_HINT }), mcp: () => ({ calls: [], hint: 'No browser of the Grid matches; its operator must add one.' }) },
  example: undefined,
});

export const grid_session_not_created = defineError({
  code: 'browser_not_running',
  detail: 'grid_session_not_created',
  retryable: true,
  when: 'The Grid could not start a browser (details.grid_message says why).',
  repair: { method: 'provider.status', build: () => ({ params: {}, hint: GRID_HINT }), mcp: () => ({ calls: [], hint: 'The Grid could not start a browser; try again, or ask its operator.' }) },
  example: undefined,
});

export const grid_no_bidi = defineError({
  code: 'setup_required',
  detail: 'grid_no_bidi',
  retryable: false,
  when: 'The Grid started a session without a WebDriver BiDi socket (no webSocketUrl); details.manual_steps says what the Grid needs.',
  example: undefined,
});

export const grid_websocket_unreachable = defineError({
  code: 'setup_required',
  detail: 'grid_websocket_unreachable',
  retryable: false,
  when: "The Grid's webSocketUrl for the session names an address this machine cannot reach; details.manual_steps says how to fix the nodes.",
  repair: { method: 'provider.status', build: () => ({ params: {}, hint: "Fix the Grid nodes' --grid-url so webSocketUrl names an address this machine reaches, then call session.ensure again." }), mcp: () => ({ calls: [], hint: "The Grid's browsers cannot be reached from this server; its operator must fix the Grid's address." }) },
  example: undefined,
});

export const grid_upload_failed = defineError({
  code: 'unsupported_method',
  detail: 'grid_upload_failed',
  retryable: false,
  when: 'The Grid did not take a file for its node, or took it without saying where it put it (upload.set_files through a Grid).',
  example: undefined,
});
