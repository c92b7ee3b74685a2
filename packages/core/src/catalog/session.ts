import type { Ids } from './args';
import { defineError } from './entry';

/** Errors about sessions, pages and tabs: unknown or closed ones, leases, profiles and the server's limits. */

const ensure = (hint: string) => ({ method: 'session.ensure' as const, build: () => ({ params: {}, hint }) });
const tabList = (hint: string) => ({ method: 'tab.list' as const, build: (a: Ids) => ({ params: a.session_id !== undefined ? { session_id: a.session_id } : {}, hint }) });

export const unknown_session = defineError({
  code: 'session_not_found',
  detail: 'unknown_session',
  retryable: false,
  when: 'No session has this id.',
  repair: ensure('Create a session with session.ensure and use its session_id.'),
  example: undefined,
});

export const session_closed = defineError({
  code: 'session_not_found',
  detail: 'session_closed',
  retryable: false,
  when: 'The session was closed or expired; the message says why. A call queued or running in the session when it closed is answered so at once, and stopped: details.outcome is not_done, or unknown for a mutating call that had started.',
  repair: ensure('The session is closed; open a new one with session.ensure.'),
  example: undefined,
});

export const no_session = defineError({
  code: 'session_not_found',
  detail: 'no_session',
  retryable: false,
  when: 'A session-scoped custom method was called without a usable session.',
  repair: ensure('Open a session with session.ensure and pass its session_id.'),
  example: undefined,
});

export const unknown_page = defineError({
  code: 'page_not_found',
  detail: 'unknown_page',
  retryable: false,
  when: 'The session has no page with this id.',
  repair: tabList("List the session's pages and use one of their page_ids."),
  example: { session_id: 's1' },
});

export const page_closed = defineError({
  code: 'page_not_found',
  detail: 'page_closed',
  retryable: false,
  when: 'The page was closed; the message says how.',
  repair: tabList("List the session's pages and use one of their page_ids."),
  example: { session_id: 's1' },
});

export const no_page = defineError({
  code: 'page_not_found',
  detail: 'no_page',
  retryable: false,
  when: 'The session has no open page.',
  repair: { method: 'page.open', build: (a: Ids) => ({ params: { ...(a.session_id !== undefined ? { session_id: a.session_id } : {}), url: 'about:blank', new_page: true }, hint: 'Open a page first.' }) },
  example: { session_id: 's1' },
});

export const wrong_page = defineError<Ids & { page_id: string; element_ref: string; scope?: true }>({
  code: 'element_not_found',
  detail: 'wrong_page',
  retryable: false,
  when: 'The ref belongs to another page of the session (details.page_id); the repair snapshots that page (scoped to the ref when it was page.snapshot\'s scope).',
  repair: {
    method: 'page.snapshot',
    build: (a) =>
      a.scope === true
        ? { params: { ...(a.session_id !== undefined ? { session_id: a.session_id } : {}), page_id: a.page_id, scope: a.element_ref }, hint: `Snapshot ${a.element_ref} with page_id ${a.page_id}.` }
        : { params: { ...(a.session_id !== undefined ? { session_id: a.session_id } : {}), page_id: a.page_id }, hint: `Act on ${a.element_ref} with page_id ${a.page_id}.` },
  },
  example: { session_id: 's1', page_id: 'p2', element_ref: 'e4' },
});

export const no_match = defineError({
  code: 'element_not_found',
  detail: 'no_match',
  retryable: false,
  when: 'No element matches the selector or text query.',
  repair: { method: 'page.snapshot', build: (a: Ids) => ({ params: { ...a }, hint: 'Take a snapshot to see what is on the page, or wait for the element first.' }) },
  example: { session_id: 's1', page_id: 'p1' },
});

export const tab_leased = defineError({
  code: 'permission_denied',
  detail: 'tab_leased',
  retryable: false,
  when: 'The page belongs to another session (never named: a session id is its credential).',
  repair: {
    method: 'tab.new',
    build: (a: Ids) => ({ params: a.session_id !== undefined ? { session_id: a.session_id } : {}, hint: 'Open a page of your own with tab.new or page.open with new_page.' }),
    mcp: () => ({ calls: [{ tool: 'browser_tabs', args: { action: 'new' } }], hint: 'This page belongs to another session; open a page of your own.' }),
  },
  example: { session_id: 's1' },
});

export const profile_locked = defineError<{ params: Record<string, unknown>; profile: string }>({
  code: 'permission_denied',
  detail: 'profile_locked',
  retryable: true,
  when: 'session.ensure with persist: another session holds the profile (details.holder_pid; never the holding session id, which is its credential). Freed when that session closes, expires or loses its browser. The repair names another profile.',
  repair: {
    method: 'session.ensure',
    build: (a) => ({ params: { ...a.params, persist: true, profile: `${a.profile}-2` }, hint: `Use another profile name, or close the session that holds ${JSON.stringify(a.profile)} (session.close) and try again.` }),
  },
  example: { params: {}, profile: 'default' },
});

export const session_limit = defineError({
  code: 'permission_denied',
  detail: 'session_limit',
  retryable: true,
  when: 'session.ensure while --max-sessions sessions are open (details.limit); close one first.',
  repair: { method: 'provider.status', build: () => ({ params: {}, hint: 'Close a session you no longer need (session.close) and try again, or ask the operator for a higher --max-sessions.' }) },
  example: undefined,
});

export const tab_limit = defineError({
  code: 'permission_denied',
  detail: 'tab_limit',
  retryable: true,
  when: 'tab.new or page.open with new_page while the session has --max-tabs pages (details.limit); a popup past the limit is closed and a warning says so.',
  repair: {
    ...tabList('Close a tab you no longer need (tab.close), then open the new one.'),
    mcp: () => ({ calls: [{ tool: 'browser_tabs', args: { action: 'list' }, hint: 'Close a tab you no longer need (browser_tabs action "close"), then open the new one.' }], hint: 'This session has as many tabs as the server allows; close one first.' }),
  },
  example: { session_id: 's1' },
});

export const shutting_down = defineError({ code: 'browser_not_running', detail: 'shutting_down', retryable: false, when: 'The server is shutting down.', example: undefined });
