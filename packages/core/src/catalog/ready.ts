import { knownTraits } from '@browser-provider/protocol';
import type { ProviderError } from './errors';
import { repairOf } from './entry';
import { catalogEntry } from './table';

/**
 * Makes an error's repair ready to send, as the dispatcher answers it:
 * - A cause the catalog knows, raised without a repair by a site that only knew its code (a W3C
 *   error row of a backend, "this engine cannot …"), gets the entry's repair when it needs nothing but
 *   the call's ids: one (code, detail) answers one repair wherever it was raised.
 * - The call's own session_id / page_id fill what the repair leaves out (a repair that names another
 *   page keeps it).
 * - A repair that needs a session is dropped when neither it nor the call names one: it could not be sent.
 */
export function readyToSend(e: ProviderError, params: Record<string, unknown>): void {
  if (e.details.repair === undefined) {
    const entry = catalogEntry(e.code, e.details.code);
    if (entry?.repair !== undefined && entry.repair.optional !== true && needsOnlyIds(entry.example)) {
      const built = repairOf(entry, {});
      if (built !== undefined) e.details.repair = built;
    }
  }
  const repair = e.details.repair;
  if (repair === undefined) return;
  // A custom method's traits are not known here: it is given the call's ids as if it needed them.
  const needsSession = knownTraits(repair.method)?.needsSession;
  if (needsSession === false) return;
  if (repair.params.session_id === undefined && typeof params.session_id === 'string') repair.params.session_id = params.session_id;
  // A repair that needs a session, for a call made without one, could not be sent: none is better.
  if (needsSession === true && repair.params.session_id === undefined) {
    delete e.details.repair;
    return;
  }
  if (repair.method.startsWith('page.') && repair.params.page_id === undefined && typeof params.page_id === 'string') repair.params.page_id = params.page_id;
}

/** Whether an entry's repair is built from the call's ids alone (its example holds nothing else). */
function needsOnlyIds(example: unknown): boolean {
  if (example === undefined) return true;
  return typeof example === 'object' && example !== null && Object.keys(example).every((k) => k === 'session_id' || k === 'page_id');
}
