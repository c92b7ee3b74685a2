/**
 * What a thrown value says, as one line that always names a cause. Anything can be thrown: a page
 * script (or a page-patched function we call) may throw `undefined`, a string or a plain object, and
 * a promise may reject with nothing. `String(e.message ?? e)` turned those into the bare text
 * "undefined", which reached clients as an internal_error with no reason (issue 21, item 1).
 * No DOM and no `instanceof` (a value from another realm is not an instance of ours); property
 * reads are guarded (a hostile object's getter may throw).
 */
export function thrownText(e: unknown): string {
  if (e === undefined || e === null) return `a thrown ${String(e)} (no Error object, so no reason was given)`;
  if (typeof e === 'string') return e === '' ? 'a thrown empty string' : e;
  if (typeof e !== 'object' && typeof e !== 'function') return `a thrown ${typeof e}: ${String(e)}`;
  try {
    const { message, name } = e as { message?: unknown; name?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (typeof name === 'string' && name !== '') return `a thrown ${name} with no message`;
    return `a thrown ${typeof e} that is not an Error: ${String(e).slice(0, 200)}`;
  } catch {
    return `a thrown ${typeof e} that cannot be read`;
  }
}
