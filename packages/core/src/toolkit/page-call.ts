import { parseOpReply, type OpName, type OpResult } from '@browser-provider/page-script';
import { ERRORS, raise } from '../catalog';

/**
 * One page-script op as both backends run it: ask; a document without the page script (a new one)
 * answers null, so install it (idempotent) and ask once more. Written once so the two protocols give
 * the same errors: `page_script_missing` when it still is not there, `page_script_error` when the op
 * itself failed.
 */
export async function callPageOp<K extends OpName>(op: K, ask: () => Promise<unknown>, install: () => Promise<unknown>): Promise<OpResult<K>> {
  let reply = parseOpReply(await ask());
  if (reply === null) {
    await install();
    reply = parseOpReply(await ask());
    if (reply === null) throw raise(ERRORS.page_script_missing, 'The page script did not install in this document.', undefined);
  }
  if (!reply.ok) {
    const why = typeof reply.error === 'string' && reply.error !== '' ? reply.error : 'it gave no reason';
    throw raise(ERRORS.page_script_error, `Page script op ${op} failed: ${why}`, undefined);
  }
  return reply.value as OpResult<K>;
}
