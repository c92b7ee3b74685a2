import { PATH_PLACEHOLDER, VALUE_PLACEHOLDER, type Ids } from './args';
import { defineError, type McpRepair } from './entry';

/** Errors about an element: finding it by ref, selector or text, and acting on it (actionability, gestures, fields). */

type Ref = Ids & { element_ref: string };
const ids: Ids = { session_id: 's1', page_id: 'p1' };
const ref: Ref = { ...ids, element_ref: 'e4' };
const only = ({ session_id, page_id }: Ids) => ({ ...(session_id !== undefined ? { session_id } : {}), ...(page_id !== undefined ? { page_id } : {}) });
const snapshot = (hint: string) => ({ method: 'page.snapshot' as const, build: (a: Ids) => ({ params: only(a), hint }) });
const snapshotTool = (hint: string): McpRepair => ({ calls: [{ tool: 'browser_snapshot' }], hint });
const refOf = (e: { details: Record<string, unknown>; params: Record<string, unknown> }) => String(e.details.element_ref ?? e.params.element_ref ?? '');

export const stale_ref = defineError({
  code: 'element_not_found',
  detail: 'stale_ref',
  retryable: false,
  when: "The ref's element is gone or belongs to an earlier document; nothing is dispatched.",
  repair: snapshot('Take a new snapshot and use a ref from it.'),
  example: ids,
});

export const unknown_ref = defineError({
  code: 'element_not_found',
  detail: 'unknown_ref',
  retryable: false,
  when: 'The ref was never issued by this session.',
  repair: snapshot('Refs come from page.snapshot of the same page; take one and use a ref from it.'),
  example: ids,
});

export const rev_mismatch = defineError({
  code: 'element_not_found',
  detail: 'rev_mismatch',
  retryable: false,
  when: 'Strict mode: the action named a rev older than the latest snapshot.',
  repair: snapshot('Take a new snapshot and act on its refs.'),
  example: ids,
});

export const obscured = defineError<Ref & { cover?: string | undefined }>({
  code: 'element_not_actionable',
  detail: 'obscured',
  retryable: true,
  when: 'Another element covers the action point (details.cover describes it); nothing is dispatched.',
  repair: { method: 'page.snapshot', build: (a) => ({ params: only(a), hint: `Another element covers it${a.cover ? ` (${a.cover})` : ''}; dismiss that first, then retry.` }) },
  example: { ...ref, cover: 'div.modal-backdrop' },
});

export const disabled = defineError({
  code: 'element_not_actionable',
  detail: 'disabled',
  retryable: true,
  when: 'The element is disabled; nothing is dispatched.',
  repair: snapshot('It is disabled; do what enables it first (e.g. fill required fields), then check it in a new snapshot.'),
  example: ids,
});

export const not_visible = defineError<Ref & { scoped?: true }>({
  code: 'element_not_actionable',
  detail: 'not_visible',
  retryable: true,
  when: 'The element has no visible box (hidden, zero-sized, or clipped away). Some engines answer this, not obscured, for an element under an overlay; an MCP model is told the same as for obscured. page.snapshot scoped to a hidden element is repaired by an unscoped snapshot.',
  repair: {
    method: 'page.scroll',
    also: ['page.snapshot'],
    build: (a) =>
      a.scoped === true
        ? { method: 'page.snapshot', params: only(a), hint: 'Take an unscoped snapshot, or page.wait until the element shows.' }
        : { params: { ...only(a), element_ref: a.element_ref, into_view: true }, hint: 'It is not visible; reveal it (open its menu, scroll, dismiss what covers it) and take a new snapshot.' },
    // No tool scrolls an element into view; what the model does next is the same as for `obscured`.
    mcp: () => snapshotTool('It is not visible (hidden, or under another element); reveal it (open its menu, dismiss what covers it) and look again with a new snapshot.'),
  },
  example: ref,
});

export const unstable = defineError<Ref>({
  code: 'element_not_actionable',
  detail: 'unstable',
  retryable: true,
  when: 'The element kept moving for the whole actionability window.',
  repair: {
    method: 'page.wait',
    build: (a) => ({ params: { ...only(a), element_ref_present: a.element_ref, timeout_ms: 2000 }, hint: 'It is still moving; wait a moment and retry.' }),
    mcp: () => ({ calls: [{ tool: 'browser_wait_for', args: { time: 1 } }], hint: 'It is still moving; wait a moment, then retry.' }),
  },
  example: ref,
});

export const file_input = defineError<Ref>({
  code: 'element_not_actionable',
  detail: 'file_input',
  retryable: false,
  when: 'page.type on a file input.',
  repair: {
    method: 'upload.set_files',
    build: (a) => ({ params: { ...only(a), element_ref: a.element_ref, files: [{ path: PATH_PLACEHOLDER }] }, hint: `This is a file input; set its files with upload.set_files instead of typing (replace ${PATH_PLACEHOLDER} with each file's path).` }),
    mcp: (e) => ({
      calls: [{ tool: 'browser_file_upload', args: { target: refOf(e), paths: [PATH_PLACEHOLDER] } }],
      hint: `This is a file input; set its files instead of typing (replace ${PATH_PLACEHOLDER} with each file's path).`,
    }),
  },
  example: ref,
});

export const not_file_input = defineError({
  code: 'element_not_actionable',
  detail: 'not_file_input',
  retryable: false,
  when: 'upload.set_files on an element that is not a file input; nothing is set.',
  repair: snapshot('Pick the <input type=file> from a new snapshot (it may be hidden behind a styled button).'),
  example: ids,
});

export const not_editable = defineError({
  code: 'element_not_actionable',
  detail: 'not_editable',
  retryable: false,
  when: 'page.type on an element that takes no text (a checkbox, a button, a read-only field).',
  repair: snapshot('This element does not take text; pick a textbox from a new snapshot.'),
  example: ids,
});

export const not_select = defineError({
  code: 'element_not_actionable',
  detail: 'not_select',
  retryable: false,
  when: 'page.select on an element that is not a <select>.',
  repair: snapshot('This element is not a <select>; pick a combobox/listbox from a new snapshot.'),
  example: ids,
});

export const no_option = defineError({
  code: 'element_not_actionable',
  detail: 'no_option',
  retryable: false,
  when: 'page.select named no existing option.',
  repair: snapshot('No option has that value or label; read the options in a new snapshot.'),
  example: ids,
});

export const untrusted_realm = defineError({
  code: 'element_not_actionable',
  detail: 'untrusted_realm',
  retryable: false,
  when: 'Classic WebDriver only: the page replaced the calls that make the frame our checks take their functions from (or those functions), so no check could be trusted; nothing is dispatched.',
  repair: {
    method: 'provider.describe',
    build: () => ({ params: {}, hint: 'This page replaced the functions our checks rest on and this engine has no sandbox realm to check it from; nothing was done. Use a session on an engine that checks from a sandbox, or leave this page.' }),
    mcp: () => ({ calls: [], hint: 'This page replaced the functions our checks rest on and this browser cannot check it from a sandbox; nothing was done. Start a session in another browser (browser_session), or leave this page.' }),
  },
  example: undefined,
});

export const missed = defineError({
  code: 'element_not_actionable',
  detail: 'missed',
  retryable: true,
  when: 'The page moved between the check and the dispatch, so the pointer would have landed on another element: the page-side guard cancelled the whole gesture from its first event and nothing was clicked (page.drag: its press, and nothing was dragged). A gesture whose first event reached the element is a success with `interrupted` and a warning, never this.',
  repair: snapshot('The page changed under the pointer; take a new snapshot before acting again.'),
  example: ids,
});

export const value_rejected = defineError<Ref & { format: string; hint: string }>({
  code: 'element_not_actionable',
  detail: 'value_rejected',
  retryable: false,
  when: "page.type: the field did not keep the text. A date, time, datetime-local, month, week, colour or range field takes its value in one format (its snapshot line gives it, e.g. `(date YYYY-MM-DD)`); text not in that format, out of the field's min/max or off its step, or that it reads back empty (no such date), is refused and the field keeps its old value; also a number field that kept none of the typed text. details.format gives the format, details.value what the field holds; the repair's text is a placeholder, and its hint says the format with an example.",
  repair: {
    method: 'page.type',
    build: (a) => ({ params: { ...only(a), element_ref: a.element_ref, text: VALUE_PLACEHOLDER, replace: true }, hint: `${a.hint} Type it again in that format.` }),
    // The text is a placeholder in the field's format; the hint (the page's, with an example) says it.
    mcp: (e) => ({ calls: [{ tool: 'browser_type', args: { target: refOf(e), text: VALUE_PLACEHOLDER } }], hint: e.hint }),
  },
  example: { ...ref, format: 'YYYY-MM-DD', hint: 'It takes a date as YYYY-MM-DD, e.g. 2025-03-01.' },
});

export const editor_unchanged = defineError<Ref>({
  code: 'element_not_actionable',
  detail: 'editor_unchanged',
  retryable: false,
  when: "page.type into an editor (a contenteditable, or a code editor's hidden input, typed through as a click on the editor's visible surface would): the keys went to its input and the editor's text did not change, so nothing was typed (no editor listens to that input, or it ignored the keys). details.value gives the text it shows.",
  repair: {
    method: 'page.snapshot',
    build: (a) => ({ params: only(a), hint: `${a.element_ref} did not take the keys; take a new snapshot, click the editor's visible text, then type with page.press.` }),
    mcp: () => snapshotTool("The editor did not take the keys; click its visible text, then press the keys one by one."),
  },
  example: ref,
});

export const out_of_viewport = defineError<Ids & { driver?: true }>({
  code: 'element_not_actionable',
  detail: 'out_of_viewport',
  retryable: false,
  when: "page.mouse at a point outside the top-level viewport (details.viewport gives its size); nothing is dispatched. Also the WebDriver's own move target out of bounds, met by an action on an element the page moved out of view: repaired by a snapshot, to act on it by element_ref (scrolled into view first).",
  repair: {
    method: 'page.screenshot',
    also: ['page.snapshot'],
    build: (a) =>
      a.driver === true
        ? { method: 'page.snapshot', params: only(a), hint: 'The point is outside the viewport; target the element by element_ref so it is scrolled into view.' }
        : { params: only(a), hint: 'Take a screenshot to see the viewport and pick a point inside it.' },
  },
  example: ids,
});

export const frame_detached = defineError({
  code: 'page_not_found',
  detail: 'frame_detached',
  retryable: false,
  when: 'The iframe that held the element is gone or navigated.',
  repair: snapshot('Take a new snapshot; refs inside the old frame are gone.'),
  example: ids,
});

export const drag_in_frame = defineError({
  code: 'unsupported_target',
  detail: 'drag_in_frame',
  retryable: false,
  when: "page.drag with a source and a drop target in different documents (one frame into another, or the page into a frame): it drags within one document, the top-level one or a frame's; nothing is dispatched.",
  repair: {
    method: 'page.snapshot',
    build: (a: Ids) => ({ params: only(a), hint: 'Pick a drop target in the same frame as the source from a new snapshot, or drop onto a point (to_point).' }),
    // No default tool drops onto a point, so the model is not told about one.
    mcp: () => snapshotTool('Pick a drop target in the same frame as the source from a new snapshot.'),
  },
  example: ids,
});

export const input_not_delivered = defineError<Ids & { url: string; gesture: 'click' | 'drag' }>({
  code: 'unsupported_target',
  detail: 'input_not_delivered',
  retryable: false,
  when: "page.click or page.drag on an element in a frame whose document got none of the pointer input (Firefox 153: a cross-site frame); nothing was clicked or dragged. The repair opens the frame's own URL.",
  repair: {
    method: 'page.open',
    build: (a) => ({ params: { ...only(a), url: a.url }, hint: `Open the frame's own URL with page.open, then ${a.gesture} there.` }),
    mcp: (e) => ({ calls: [{ tool: 'browser_navigate', args: { url: String(e.params.url ?? '') } }], hint: "Open the frame's own URL, then act there." }),
  },
  example: { ...ids, url: 'https://other.example/frame.html', gesture: 'click' },
});
