import { ProviderError } from '../errors';

// Errors an engine throws itself, here so that every engine says them alike.

/** What an engine throws when there is no entry to traverse to. */
export function noHistoryEntry(delta: -1 | 1): ProviderError {
  return new ProviderError('invalid_request', `There is no page to go ${delta < 0 ? 'back' : 'forward'} to.`, {
    detail: 'no_history_entry',
    repair: { method: 'page.snapshot', params: {}, hint: 'The page is where it was; take a snapshot to see it.' },
  });
}

/** What a backend throws when the expression does not even parse (the engine reports a SyntaxError). */
export function evalSyntaxError(message: string): ProviderError {
  return new ProviderError('invalid_request', `The expression could not run: ${message}`, { detail: 'eval_exception' });
}
