import type { AnyMethodName, ErrorCode } from '@browser-provider/protocol';

/**
 * Every cause core itself reports: the protocol code, the `details.code`, whether retrying the same
 * call can succeed, the method its repair names, and when it happens. docs/errors.md is generated
 * from this table and the backends' translation tables; causes.test.ts fails when core raises a
 * (code, detail) pair this table does not list.
 */
export interface CauseInfo {
  code: ErrorCode;
  detail: string;
  retryable: boolean | 'depends';
  repair?: AnyMethodName | '(the method called)';
  when: string;
}

export const CORE_CAUSES: readonly CauseInfo[] = [
  { code: 'invalid_request', detail: 'parse_error', retryable: false, when: 'The line is not JSON (answered with id null).' },
  { code: 'invalid_request', detail: 'not_an_object', retryable: false, when: 'The request is JSON but not an object.' },
  { code: 'invalid_request', detail: 'invalid_envelope', retryable: false, when: 'id, method or params has the wrong type.' },
  { code: 'invalid_request', detail: 'unsupported_protocol_version', retryable: false, when: 'protocol_version is not "0.1".' },
  { code: 'invalid_request', detail: 'payload_too_large', retryable: false, repair: 'provider.describe', when: 'The request line is over 67.7 MiB (50 MiB of inline files as base64, plus 1 MiB; it is never buffered whole; answered with the id read from the line start), or upload.set_files carries over 50 MiB inline, or page.drop over 10 MiB of files (details.limit_bytes).' },
  { code: 'invalid_request', detail: 'invalid_params', retryable: false, when: 'A param has the wrong type or value; the message and details.field name it.' },
  { code: 'unsupported_method', detail: 'engine_lacks_method', retryable: false, repair: 'session.ensure', when: 'A server fronting several engines offers the method, but not on this session\'s engine; the repair opens a session on one that does.' },
  { code: 'unsupported_method', detail: 'unknown_method', retryable: false, repair: 'provider.describe', when: 'The method is unknown, or optional and not offered by this engine.' },
  { code: 'session_not_found', detail: 'unknown_session', retryable: false, repair: 'session.ensure', when: 'No session has this id.' },
  { code: 'session_not_found', detail: 'session_closed', retryable: false, repair: 'session.ensure', when: 'The session was closed or expired; the message says why. A call queued or running in the session when it closed is answered so at once, and stopped: details.outcome is not_done, or unknown for a mutating call that had started.' },
  { code: 'page_not_found', detail: 'unknown_page', retryable: false, repair: 'tab.list', when: 'The session has no page with this id.' },
  { code: 'page_not_found', detail: 'page_closed', retryable: false, repair: 'tab.list', when: 'The page was closed; the message says how.' },
  { code: 'page_not_found', detail: 'no_page', retryable: false, repair: 'page.open', when: 'The session has no open page.' },
  { code: 'page_not_found', detail: 'frame_detached', retryable: false, repair: 'page.snapshot', when: 'The iframe that held the element is gone or navigated.' },
  { code: 'permission_denied', detail: 'tab_leased', retryable: false, repair: 'tab.new', when: 'The page belongs to another session (never named: a session id is its credential).' },
  { code: 'permission_denied', detail: 'gated', retryable: false, repair: 'provider.describe', when: 'A method the server was not started to allow: passthrough (--allow-debug), page.eval (--allow-eval), an extension (--allow-extensions); details.gate_flag names the flag, and describe lists it in gated_methods.' },
  { code: 'permission_denied', detail: 'eval_required', retryable: false, when: 'route.add on a server started without --allow-eval, with a stub the page could run: a non-empty body whose content type is not data (HTML, script, SVG, XML, PDF, …) or is missing, a Location or Refresh header, or X-Content-Type-Options other than nosniff. details.field names the param, details.gate_flag the flag; provider.describe gives the rule (param_gates of route.add). Nothing was added.' },
  { code: 'permission_denied', detail: 'scheme_not_allowed', retryable: false, when: 'page.open of a file:, javascript: or other non-web URL.' },
  { code: 'permission_denied', detail: 'profile_locked', retryable: true, repair: 'session.ensure', when: 'session.ensure with persist: another session holds the profile (details.holder_pid; never the holding session id, which is its credential). Freed when that session closes, expires or loses its browser.' },
  { code: 'permission_denied', detail: 'session_limit', retryable: true, repair: 'provider.status', when: 'session.ensure while --max-sessions sessions are open (details.limit); close one first.' },
  { code: 'permission_denied', detail: 'tab_limit', retryable: true, repair: 'tab.list', when: 'tab.new or page.open with new_page while the session has --max-tabs pages (details.limit); a popup past the limit is closed and a warning says so.' },
  { code: 'unsupported_target', detail: 'persist_unsupported', retryable: false, repair: 'session.ensure', when: 'session.ensure with persist on an engine that cannot keep a profile (provider.describe lists no persistent_profile).' },
  { code: 'unsupported_target', detail: 'browser_family', retryable: false, repair: 'provider.describe', when: 'browser_preference names a browser this provider does not drive (browser_families lists those it does).' },
  { code: 'unsupported_target', detail: 'unsupported_option', retryable: false, repair: 'provider.describe', when: 'page.click with a button this engine does not press faithfully (docs/clicks.md says which), page.screenshot with a format it does not capture (JPEG on classic WebDriver), page.emulate_media with a feature the engine does not emulate, network.request asking for a body part on an engine that keeps no bodies, or page.drag demanding native HTML5 drag events where the WebDriver of the engine makes none; details.field names the param, and describe lists what each engine takes in capabilities.method_options. With several engines the repair opens a session on one that does. Nothing is dispatched.' },
  { code: 'unsupported_target', detail: 'css_scale', retryable: false, repair: 'page.screenshot', when: 'page.screenshot with scale "css" where the device pixel ratio is not 1: the engine captured device pixels and nothing here resamples an image (details.device_pixel_ratio); the repair asks for scale "device".' },
  { code: 'element_not_found', detail: 'stale_ref', retryable: false, repair: 'page.snapshot', when: "The ref's element is gone or belongs to an earlier document; nothing is dispatched." },
  { code: 'element_not_found', detail: 'unknown_ref', retryable: false, repair: 'page.snapshot', when: 'The ref was never issued by this session.' },
  { code: 'element_not_found', detail: 'wrong_page', retryable: false, repair: 'page.snapshot', when: 'The ref belongs to another page of the session (details.page_id).' },
  { code: 'element_not_found', detail: 'rev_mismatch', retryable: false, repair: 'page.snapshot', when: 'Strict mode: the action named a rev older than the latest snapshot.' },
  { code: 'element_not_found', detail: 'no_match', retryable: false, repair: 'page.snapshot', when: 'No element matches the selector or text query.' },
  { code: 'invalid_request', detail: 'too_many_routes', retryable: false, repair: 'route.remove', when: 'route.add on a session that already has 100 routes.' },
  { code: 'invalid_request', detail: 'unknown_key', retryable: false, when: 'page.press names no key: neither one character nor a W3C key name (Enter, Tab, ArrowDown, Control, Meta, …; aliases such as Esc, Ctrl, Cmd).' },
  { code: 'invalid_request', detail: 'ambiguous', retryable: false, repair: '(the method called)', when: 'Several elements match; details.candidates lists up to 10 (ref, role, name). The repair repeats the same method and params with element_ref instead of selector / text_query.' },
  { code: 'invalid_selector', detail: 'syntax', retryable: false, when: 'The CSS selector does not parse.' },
  { code: 'element_not_actionable', detail: 'obscured', retryable: true, repair: 'page.snapshot', when: 'Another element covers the action point (details.cover describes it); nothing is dispatched.' },
  { code: 'element_not_actionable', detail: 'disabled', retryable: true, repair: 'page.snapshot', when: 'The element is disabled; nothing is dispatched.' },
  { code: 'element_not_actionable', detail: 'not_visible', retryable: true, repair: 'page.scroll', when: 'The element has no visible box.' },
  { code: 'element_not_actionable', detail: 'unstable', retryable: true, repair: 'page.wait', when: 'The element kept moving for the whole actionability window.' },
  { code: 'element_not_actionable', detail: 'file_input', retryable: false, repair: 'upload.set_files', when: 'page.type on a file input.' },
  { code: 'element_not_actionable', detail: 'not_editable', retryable: false, repair: 'page.snapshot', when: 'page.type on an element that takes no text (a checkbox, a button, a read-only field).' },
  { code: 'element_not_actionable', detail: 'not_select', retryable: false, repair: 'page.snapshot', when: 'page.select on an element that is not a <select>.' },
  { code: 'element_not_actionable', detail: 'value_rejected', retryable: false, repair: 'page.type', when: 'page.type: the field did not keep the text. A date, time, datetime-local, month, week, colour or range field takes its value in one format (its snapshot line gives it, e.g. `(date YYYY-MM-DD)`); text not in that format, out of the field\'s min/max or off its step, or that it reads back empty (no such date), is refused and the field keeps its old value; also a number field that kept none of the typed text. details.format gives the format, details.value what the field holds; the repair\'s hint says the format with an example.' },
  { code: 'element_not_actionable', detail: 'no_option', retryable: false, repair: 'page.snapshot', when: 'page.select named no existing option.' },
  { code: 'element_not_actionable', detail: 'untrusted_realm', retryable: false, repair: 'provider.describe', when: 'Classic WebDriver only: the page replaced the calls that make the frame our checks take their functions from (or those functions), so no check could be trusted; nothing is dispatched.' },
  { code: 'element_not_actionable', detail: 'missed', retryable: true, repair: 'page.snapshot', when: 'The page moved between the check and the dispatch, so the pointer would have landed on another element: the page-side guard cancelled the whole gesture from its first event and nothing was clicked (page.drag: its press, and nothing was dragged). A gesture whose first event reached the element is a success with `interrupted` and a warning, never this.' },
  { code: 'element_not_actionable', detail: 'out_of_viewport', retryable: false, repair: 'page.screenshot', when: 'page.mouse at a point outside the top-level viewport (details.viewport gives its size); nothing is dispatched. (The same cause as the WebDriver\'s own move target out of bounds.)' },
  { code: 'navigation_timeout', detail: 'deadline', retryable: true, repair: 'page.wait', when: 'A navigation outlived timeout_ms.' },
  { code: 'not_ready', detail: 'outcome_unknown', retryable: true, repair: 'page.snapshot', when: 'A call outlived timeout_ms; details.outcome says whether it may have acted.' },
  { code: 'not_ready', detail: 'cancelled', retryable: true, repair: 'page.snapshot', when: 'Cancelled by requests.cancel; details.outcome is not_done (queued) or unknown (running).' },
  { code: 'not_ready', detail: 'job_active', retryable: true, repair: 'jobs.get', when: 'A background job owns the session; mutating calls wait for it.' },
  { code: 'invalid_request', detail: 'unknown_job', retryable: false, repair: 'jobs.list', when: "No job with this id in the caller's session (other sessions' jobs look the same)." },
  { code: 'browser_not_running', detail: 'shutting_down', retryable: false, when: 'The server is shutting down.' },
  { code: 'session_not_found', detail: 'no_session', retryable: false, repair: 'session.ensure', when: 'A session-scoped custom method was called without a usable session.' },
  { code: 'invalid_request', detail: 'no_history_entry', retryable: false, when: 'page.go_back / page.go_forward with nothing to go to.' },
  { code: 'invalid_request', detail: 'eval_exception', retryable: false, when: 'page.eval: the expression threw; the message carries the page exception.' },
  { code: 'unsupported_target', detail: 'drag_in_frame', retryable: false, repair: 'page.snapshot', when: 'page.drag with a source and a drop target in different documents (one frame into another, or the page into a frame): it drags within one document, the top-level one or a frame\'s; nothing is dispatched. Also a drag in a frame whose document got none of the pointer input (Firefox 153: a cross-site frame); nothing was dragged.' },
  { code: 'unsupported_target', detail: 'input_not_delivered', retryable: false, repair: 'page.open', when: 'page.click on an element in a frame whose document got none of the pointer input (Firefox 153: a cross-site frame); nothing was clicked. The repair opens the frame\'s own URL.' },
  { code: 'invalid_request', detail: 'unknown_request', retryable: false, repair: 'network.list', when: "network.request with a request_id the page's record does not hold (never recorded, or dropped as newer requests came)." },
  { code: 'unsupported_target', detail: 'storage_unavailable', retryable: false, when: 'storage.get on a page whose origin has no storage (about:blank, data:, sandboxed).' },
  { code: 'permission_denied', detail: 'path_not_allowed', retryable: false, when: 'upload.set_files or firefox.install_extension by path outside every --upload-root (after resolving symlinks and ..), whether or not it exists; no root = every path refused.' },
  { code: 'invalid_request', detail: 'file_not_found', retryable: false, when: 'A path inside an --upload-root that does not exist.' },
  { code: 'invalid_request', detail: 'not_a_file', retryable: false, when: 'upload.set_files / install_extension archive_path: the path is not a regular file.' },
  { code: 'invalid_request', detail: 'not_a_directory', retryable: false, when: 'firefox.install_extension path: an unpacked extension must be a directory.' },
  { code: 'invalid_request', detail: 'unknown_download', retryable: false, repair: 'download.list', when: "download.wait with an id that is not one of the session's downloads." },
  { code: 'internal_error', detail: 'page_script_missing', retryable: false, when: 'Our in-page program did not install in the document, even after injecting it again (a page that blocks it, or a document between loads).' },
  { code: 'internal_error', detail: 'page_script_error', retryable: false, when: 'An operation of our in-page program failed in the page; the message carries its error.' },
];
