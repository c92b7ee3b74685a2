import { ERRORS, raise } from '../catalog';
import type { ProviderError } from '../catalog/errors';

// Errors an engine throws itself, here so that every engine says them alike.

/** What an engine throws when there is no entry to traverse to. */
export function noHistoryEntry(delta: -1 | 1): ProviderError {
  return raise(ERRORS.no_history_entry, `There is no page to go ${delta < 0 ? 'back' : 'forward'} to.`, {});
}

/** What a backend throws when the expression does not even parse (the engine reports a SyntaxError). */
export function evalSyntaxError(message: string): ProviderError {
  return raise(ERRORS.eval_exception, `The expression could not run: ${message}`, undefined);
}
