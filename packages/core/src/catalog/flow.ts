import { ORIGIN_PLACEHOLDER, type Ids } from './args';
import type { AnyMethodName } from '@browser-provider/protocol';
import { defineError } from './entry';

/**
 * Errors about a call's course and what it reads: deadlines, cancellation, jobs, history, network
 * records, storage, files on the server, downloads, and our in-page program.
 */

const only = (a: Ids) => ({ ...(a.session_id !== undefined ? { session_id: a.session_id } : {}), ...(a.page_id !== undefined ? { page_id: a.page_id } : {}) });
const ids: Ids = { session_id: 's1', page_id: 'p1' };

export const deadline = defineError<{ timeout_ms: number }>({
  code: 'navigation_timeout',
  detail: 'deadline',
  retryable: true,
  when: 'A navigation outlived timeout_ms.',
  repair: {
    method: 'page.wait',
    build: (a) => ({ params: { navigation_complete: true, timeout_ms: a.timeout_ms }, hint: 'The page may still be loading; wait for it, then take a snapshot.' }),
    // browser_wait_for waits for text or time, not for a load: the model looks at what has loaded.
    mcp: () => ({ calls: [{ tool: 'browser_snapshot' }], hint: 'The page may still be loading; look at what has loaded, and wait (browser_wait_for) for the text you need.' }),
  },
  example: { timeout_ms: 30_000 },
});

export const outcome_unknown = defineError({
  code: 'not_ready',
  detail: 'outcome_unknown',
  retryable: true,
  when: 'A call outlived timeout_ms; details.outcome says whether it may have acted.',
  repair: { method: 'page.snapshot', build: () => ({ params: {}, hint: 'Check the page with a snapshot before repeating the action.' }) },
  example: undefined,
});

/** The longer timeout a timed-out call's repair asks for: twice as long, at least 60 s, at most 600 s. */
const longer = (ms: number) => Math.min(600_000, Math.max(2 * ms, 60_000));

/** What session.ensure was doing when its time ran out (details.during). */
export type StartStage = 'starting_session' | 'opening_page';

export const start_timeout = defineError<{ params: Record<string, unknown>; timeout_ms: number }>({
  code: 'not_ready',
  detail: 'start_timeout',
  retryable: true,
  when: "session.ensure outlived timeout_ms, most often a browser starting on a busy machine. No session was opened (details.outcome is not_done); details.during says which step ran out: starting_session (the engine's session, and its browser when none was up) or opening_page (its first page).",
  repair: {
    method: 'session.ensure',
    // The same session, with at least twice the time (a browser start left running makes the second try shorter).
    build: (a) => ({
      params: { ...a.params, timeout_ms: longer(a.timeout_ms) },
      hint: 'The browser may still be starting: repeat session.ensure with more time; the same client_session_id joins a start still under way.',
    }),
    mcp: () => ({ calls: [], hint: 'The browser is still starting; repeat the call in a moment.' }),
  },
  example: { params: { client_session_id: 'c1' }, timeout_ms: 30_000 },
});

export const call_timeout = defineError<{ method: AnyMethodName; params: Record<string, unknown>; timeout_ms: number }>({
  code: 'not_ready',
  detail: 'call_timeout',
  retryable: true,
  when: "A call made without a session (provider.describe, provider.status, provider.setup_guide, provider.verify, requests.cancel) outlived timeout_ms. None of them changes anything (details.outcome is not_done): there is no page to look at, and the same call can be repeated as it was.",
  repair: {
    method: '(the method called)',
    build: (a) => ({ method: a.method, params: { ...a.params, timeout_ms: longer(a.timeout_ms) }, hint: `Nothing was changed: repeat ${a.method} with more time.` }),
    mcp: () => ({ calls: [], hint: 'Nothing was changed; repeat the call in a moment.' }),
  },
  example: { method: 'provider.verify', params: {}, timeout_ms: 30_000 },
});

export const cancelled = defineError({
  code: 'not_ready',
  detail: 'cancelled',
  retryable: true,
  when: 'Cancelled by requests.cancel; details.outcome is not_done (queued) or unknown (running). A call made without a session gets no repair (there is no page to look at).',
  repair: { method: 'page.snapshot', build: () => ({ params: {}, hint: 'It may have acted already if it was running; check the page before repeating it.' }) },
  example: undefined,
});

export const job_active = defineError<Ids & { job_id: string }>({
  code: 'not_ready',
  detail: 'job_active',
  retryable: true,
  when: 'A background job owns the session; mutating calls wait for it, and a second job is refused.',
  repair: {
    method: 'jobs.get',
    build: (a) => ({ params: { ...(a.session_id !== undefined ? { session_id: a.session_id } : {}), job_id: a.job_id }, hint: 'Wait for the job to finish (or cancel it with jobs.cancel), then retry.' }),
    mcp: () => ({ calls: [{ tool: 'browser_wait_for', args: { time: 2 } }], hint: 'A background job is running in this session; wait for it to finish, then retry.' }),
  },
  example: { session_id: 's1', job_id: 'j1' },
});

export const unknown_job = defineError({
  code: 'invalid_request',
  detail: 'unknown_job',
  retryable: false,
  when: "No job with this id in the caller's session (other sessions' jobs look the same).",
  repair: { method: 'jobs.list', build: (a: Ids) => ({ params: a.session_id !== undefined ? { session_id: a.session_id } : {}, hint: "List this session's jobs." }), mcp: () => ({ calls: [], hint: 'No such job in this session.' }) },
  example: { session_id: 's1' },
});

export const no_history_entry = defineError({
  code: 'invalid_request',
  detail: 'no_history_entry',
  retryable: false,
  when: 'page.go_back / page.go_forward with nothing to go to; the page stays where it was.',
  repair: { method: 'page.snapshot', build: (a: Ids) => ({ params: only(a), hint: 'The page is where it was; take a snapshot to see it.' }) },
  example: ids,
});

export const eval_exception = defineError({
  code: 'invalid_request',
  detail: 'eval_exception',
  retryable: false,
  when: 'page.eval: the expression threw, or does not parse; the message carries the page exception.',
  example: undefined,
});

export const unknown_request = defineError({
  code: 'invalid_request',
  detail: 'unknown_request',
  retryable: false,
  when: "network.request with a request_id the page's record does not hold (never recorded, or dropped as newer requests came).",
  repair: { method: 'network.list', build: (a: Ids) => ({ params: only(a), hint: 'List the requests again and use a request_id from it.' }) },
  example: ids,
});

export const storage_unavailable = defineError({
  code: 'unsupported_target',
  detail: 'storage_unavailable',
  retryable: false,
  when: 'storage.get or storage.set on a page whose origin has no storage (about:blank, data:, sandboxed); the repair opens a page of the site (its URL is for the caller to fill in).',
  repair: {
    method: 'page.open',
    build: (a: Ids) => ({ params: { ...only(a), url: ORIGIN_PLACEHOLDER }, hint: `Storage belongs to an http(s) origin: open a page of that site first (replace ${ORIGIN_PLACEHOLDER}).` }),
    mcp: () => ({ calls: [{ tool: 'browser_navigate', args: { url: ORIGIN_PLACEHOLDER } }], hint: `Storage belongs to an http(s) origin: open a page of that site first (replace ${ORIGIN_PLACEHOLDER}).` }),
  },
  example: ids,
});

export const path_not_allowed = defineError<{ method: string }>({
  code: 'permission_denied',
  detail: 'path_not_allowed',
  retryable: false,
  when: "upload.set_files, page.drop or an engine's method taking a path (firefox.install_extension) by path outside every --upload-root (after resolving symlinks and ..), whether or not it exists; no root = every path refused. The repair says to send the content inline (the method's schema in provider.describe says how).",
  repair: {
    method: 'provider.describe',
    build: (a) => ({ params: {}, hint: `Send the content inline (${a.method} takes it; provider.describe gives its input schema), or ask the operator to start the server with --upload-root <dir> and use a path inside it.` }),
    // The upload tool takes paths only: what the model can do is ask for a path the server allows.
    mcp: () => ({ calls: [], hint: 'The server may not read that path; use a file under a folder it allows (its operator sets them with --upload-root).' }),
  },
  // The raise site names the method refused, so no raise is given a repair for another.
  example: { method: 'upload.set_files' },
});
export const file_not_found = defineError({ code: 'invalid_request', detail: 'file_not_found', retryable: false, when: 'A path inside an --upload-root that does not exist.', example: undefined });
export const not_a_file = defineError({ code: 'invalid_request', detail: 'not_a_file', retryable: false, when: 'upload.set_files / install_extension archive_path: the path is not a regular file.', example: undefined });
export const not_a_directory = defineError({ code: 'invalid_request', detail: 'not_a_directory', retryable: false, when: 'firefox.install_extension path: an unpacked extension must be a directory.', example: undefined });

export const unknown_download = defineError({
  code: 'invalid_request',
  detail: 'unknown_download',
  retryable: false,
  when: "download.wait with an id that is not one of the session's downloads.",
  repair: { method: 'download.list', build: (a: Ids) => ({ params: a.session_id !== undefined ? { session_id: a.session_id } : {}, hint: "List the session's downloads and use one of their ids." }) },
  example: { session_id: 's1' },
});

export const page_script_missing = defineError({
  code: 'internal_error',
  detail: 'page_script_missing',
  retryable: false,
  when: 'Our in-page program did not install in the document, even after injecting it again (a page that blocks it, or a document between loads).',
  example: undefined,
});
export const page_script_error = defineError({ code: 'internal_error', detail: 'page_script_error', retryable: false, when: 'An operation of our in-page program failed in the page; the message carries its error.', example: undefined });
