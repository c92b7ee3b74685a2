import type { DialogAnswer, DialogAnswers, DialogReport } from '../backend';

/**
 * How a session answers JavaScript dialogs, so a dialog never leaves a call hanging.
 *
 * Default: alerts and beforeunload are accepted (an alert has only OK; accepting beforeunload lets the
 * navigation the agent asked for happen), confirm and prompt are dismissed (the safe "Cancel": nothing
 * the page asked to confirm is done without the agent saying so). `dialog.handle` overrides this for
 * the next dialog (of one page, or of any page) or, with `persist`, for every later dialog.
 */
export class DialogPolicy implements DialogAnswers {
  #standing: DialogAnswer | undefined;
  /** One-shot answers, by page target id; `*` is any page. */
  readonly #next = new Map<string, DialogAnswer>();

  /** Arms `answer` for the next dialog of `pageTarget` (any page when undefined), or for all with `persist`. */
  set(answer: DialogAnswer, opts: { pageTarget?: string | undefined; persist?: boolean | undefined }): void {
    if (opts.persist) {
      this.#standing = answer;
      this.#next.clear();
      return;
    }
    this.#next.set(opts.pageTarget ?? '*', answer);
  }

  /** Back to the default policy. */
  reset(): void {
    this.#standing = undefined;
    this.#next.clear();
  }

  /** The answer for a dialog of `type` on `pageTarget`; consumes a one-shot answer. */
  decide(type: DialogReport['type'], pageTarget: string | undefined): DialogAnswer {
    for (const key of [pageTarget, '*']) {
      if (key === undefined) continue;
      const armed = this.#next.get(key);
      if (armed !== undefined) {
        this.#next.delete(key);
        return armed;
      }
    }
    if (this.#standing !== undefined) return this.#standing;
    return { accept: type === 'alert' || type === 'beforeunload' };
  }

  /** A warning line for the response that follows a dialog. */
  static describe(d: DialogReport): string {
    const what = d.type === 'alert' ? 'closed' : d.accepted ? 'accepted' : 'dismissed';
    const text = d.message.length > 200 ? `${d.message.slice(0, 200)}…` : d.message;
    const kind = d.type === 'dialog' ? 'dialog' : `${d.type} dialog`;
    return `A ${kind} ${JSON.stringify(text)} was ${what}${d.prompt_text !== undefined && d.accepted ? ` with text ${JSON.stringify(d.prompt_text)}` : ''} (dialog.handle changes how the next one is answered).`;
  }
}
