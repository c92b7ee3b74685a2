/** The caller's ids where the raise site has them; the dispatcher fills in the call's own otherwise. */
export interface Ids {
  session_id?: string;
  page_id?: string;
}

/** Stands for the paths the model must supply in a repair: no path can be guessed for it. */
export const PATH_PLACEHOLDER = '<absolute path of the file>';
