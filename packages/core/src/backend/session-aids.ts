import type { DialogReport } from './backend';

/**
 * What core asks of the helpers a backend session carries. The toolkit's DialogPolicy and ScratchDir
 * are the implementations every engine here uses; the interface names only what core calls, so a
 * backend need not take them.
 */

/** How one dialog is answered. */
export interface DialogAnswer {
  accept: boolean;
  /** Text typed into a prompt before accepting it. */
  promptText?: string;
}

/** How a session answers JavaScript dialogs: `dialog.handle` arms an answer, the backend asks `decide`. */
export interface DialogAnswers {
  /** Arms `answer` for the next dialog of `pageTarget` (any page when undefined), or for all with `persist`. */
  set(answer: DialogAnswer, opts: { pageTarget?: string | undefined; persist?: boolean | undefined }): void;
  /** The answer for a dialog of `type` on `pageTarget`; consumes a one-shot answer. */
  decide(type: DialogReport['type'], pageTarget: string | undefined): DialogAnswer;
}

/** A session's private folder, removed with the session. */
export interface SessionFolder {
  /** The folder, once made (undefined until the first `dir`). */
  readonly path: string | undefined;
  /** A sub-folder (made if missing), or the folder itself. */
  dir(sub?: string): string;
}
